import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useT } from '../../lib/i18n/use-t';
import { formatSyncedAt, useOnline, useShownData } from '../../lib/offline/shown-data';

/**
 * Above every signed-in page: when the page shows kept data because there is no network, it says
 * so and since when ("Offline · last synced 10:42"), or that the page was not kept for offline use.
 */
export function OfflineNotice() {
  const t = useT();
  const online = useOnline();
  const shown = useShownData();
  if (online && !shown.unreachable) return null;
  let text = t('offline.notice.offline');
  if (shown.syncedAt !== null) text = t('offline.notice.lastSynced', { time: formatSyncedAt(shown.syncedAt) });
  else if (shown.missing) text = t('offline.notice.notSaved');
  // data-shell-notice: not printed (a printed case sheet says on its paper when it was last synced).
  return (
    <Alert role="status" color="yellow" variant="light" icon={<IconCloudOff size={18} />} py={8} mb="md" data-shell-notice>
      {text}
    </Alert>
  );
}
