import { Badge, VisuallyHidden } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useT } from '../../../lib/i18n/use-t';

/** The marker of a case with changes not sent yet (dashboard card, case page). */
export function UnsyncedBadge({ count }: { count: number }) {
  const t = useT();
  if (count === 0) return null;
  return (
    <Badge color="orange" variant="light" tt="none" leftSection={<IconCloudUpload size={12} aria-hidden />}>
      {t('offline.outbox.unsynced')}
      <VisuallyHidden>{` (${t('offline.outbox.waiting', { count })})`}</VisuallyHidden>
    </Badge>
  );
}
