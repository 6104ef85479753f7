import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import notificationClasses from './notifications.module.css';

/** Where toasts show (lib/notify.ts): loaded once the first screen is done (provider.tsx), with its styles. */
export default function Toasts() {
  return <Notifications position="top-right" limit={4} classNames={notificationClasses} />;
}
