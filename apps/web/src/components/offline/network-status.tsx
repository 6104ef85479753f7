import { Badge, Center, VisuallyHidden } from '@mantine/core';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useT } from '../../lib/i18n/use-t';
import { useOnline } from '../../lib/offline/shown-data';

/** Online / Offline in the top bar; on a phone an icon, whose name screen readers say. */
export function NetworkStatus({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const online = useOnline();
  const label = online ? t('offline.status.online') : t('offline.status.offline');
  if (compact) {
    const Icon = online ? IconWifi : IconWifiOff;
    return (
      <Center role="status" w={32} h={44} c={online ? 'teal.8' : 'orange.9'} data-online={online}>
        <Icon size={20} stroke={1.8} aria-hidden />
        <VisuallyHidden>{label}</VisuallyHidden>
      </Center>
    );
  }
  return (
    <Badge role="status" variant="dot" color={online ? 'teal' : 'orange'} size="lg" tt="none" fw={500} data-online={online}>
      {label}
    </Badge>
  );
}
