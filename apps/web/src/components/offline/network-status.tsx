import { Badge, Center, VisuallyHidden } from '@mantine/core';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useT } from '../../lib/i18n/use-t';
import { useReadyForOffline } from '../../lib/offline/offline-ready';
import { useOnline } from '../../lib/offline/shown-data';

/**
 * What the top bar says of the network: 'Offline'; 'Getting ready for offline use…' while this
 * device could not yet open the page without a network (lib/offline/offline-ready.ts); then 'Online'.
 */
export function useNetworkLabel(): { online: boolean; ready: boolean; label: string } {
  const t = useT();
  const online = useOnline();
  const ready = useReadyForOffline();
  const label = !online ? t('offline.status.offline') : ready ? t('offline.status.online') : t('offline.status.gettingReady');
  return { online, ready, label };
}

/** Online / Offline in the top bar; on a phone an icon, whose name screen readers say. */
export function NetworkStatus({ compact = false }: { compact?: boolean }) {
  const { online, ready, label } = useNetworkLabel();
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
    <Badge role="status" variant="dot" color={!online ? 'orange' : ready ? 'teal' : 'gray'} size="lg" tt="none" fw={500} data-online={online}>
      {label}
    </Badge>
  );
}
