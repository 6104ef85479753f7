import { Notifications } from '@mantine/notifications';
import notificationClasses from './notifications.module.css';

/** Where toasts show (lib/notify.ts): loaded beside the first screen, not before it (provider.tsx). */
export default function Toasts() {
  return <Notifications position="top-right" limit={4} classNames={notificationClasses} />;
}
