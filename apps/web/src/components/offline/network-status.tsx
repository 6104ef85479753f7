import { Badge } from '@mantine/core';
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

/** Online / Offline in the top bar from 1024 px (below it the outbox's icon says it, whose name screen readers say). */
export function NetworkStatus() {
  const { online, ready, label } = useNetworkLabel();
  return (
    <Badge role="status" variant="dot" color={!online ? 'orange' : ready ? 'teal' : 'gray'} size="lg" tt="none" fw={500} data-online={online}>
      {label}
    </Badge>
  );
}
