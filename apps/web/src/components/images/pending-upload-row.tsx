import { ActionIcon, Box, Group, Paper, Progress, Text } from '@mantine/core';
import { IconRefresh, IconX } from '@tabler/icons-react';
import type { MessageKey } from '@rescuedesk/shared';
import { useT } from '../../lib/i18n/use-t';
import type { PendingUpload, UploadState } from './use-upload-queue';
import classes from './image-uploader.module.css';

const STATE_TEXT: Record<UploadState, MessageKey> = {
  waiting: 'images.upload.waiting',
  resizing: 'images.upload.preparing',
  uploading: 'images.upload.uploading',
  failed: 'images.upload.failed',
};

interface PendingUploadRowProps {
  entry: PendingUpload;
  onRetry: (entry: PendingUpload) => void;
  /** Cancels the upload, or dismisses a failed one. */
  onCancel: (key: number) => void;
}

/** A photo on its way: its name, where it is, and a progress bar; once failed, the reason with Retry and Dismiss. */
export function PendingUploadRow({ entry, onRetry, onCancel }: PendingUploadRowProps) {
  const t = useT();
  const failed = entry.state === 'failed';
  const name = entry.file.name;
  return (
    <Paper withBorder p="xs" radius="md">
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Box miw={0} flex={1}>
          <Text size="sm" truncate>
            {name}
          </Text>
          <Text size="xs" c={failed ? 'red' : 'dimmed'} lineClamp={2}>
            {failed && entry.error ? entry.error : t(STATE_TEXT[entry.state])}
          </Text>
        </Box>
        {failed ? (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="light" size={40} className={classes.touchTarget} onClick={() => onRetry(entry)} aria-label={t('images.upload.retry', { name })}>
              <IconRefresh size={20} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="gray" size={40} className={classes.touchTarget} onClick={() => onCancel(entry.key)} aria-label={t('images.upload.dismiss', { name })}>
              <IconX size={20} />
            </ActionIcon>
          </Group>
        ) : (
          <ActionIcon variant="subtle" color="gray" size={40} className={classes.touchTarget} onClick={() => onCancel(entry.key)} aria-label={t('images.upload.cancel', { name })}>
            <IconX size={20} />
          </ActionIcon>
        )}
      </Group>
      {failed ? null : (
        <Progress mt={6} size="md" value={Math.round(entry.progress * 100)} animated={entry.state !== 'waiting'} aria-label={t('images.upload.progress', { name })} />
      )}
    </Paper>
  );
}
