import { useEffect, useRef, useState } from 'react';
import { Button, Group, Progress, Stack, Text, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { downloadFile, type DownloadProgress } from '../../lib/download';
import { formatNumber } from '../../lib/i18n/format';
import { useT } from '../../lib/i18n/use-t';
import { notifyError, notifySuccess } from '../../lib/notify';

interface ExportButtonProps extends Pick<ButtonProps, 'size' | 'fullWidth' | 'variant'> {
  /** The API path of the file ('/export/cases') and what to send: the list's current filters. */
  path: string;
  body: unknown;
  /** The button's text, already in the user's language; "Export CSV" when not given. */
  label?: string;
  /** What a finished download says (a PDF has no rows to count). */
  kind?: 'csv' | 'pdf';
}

/**
 * Downloads a file the server makes (docs/reports.md#csv-files): while it streams in, a progress bar
 * counts the rows received against the number the server announced, and "Stop" abandons it; then
 * the browser saves it. A failure shows the server's message.
 */
export function ExportButton({ path, body, label, kind = 'csv', size = 'sm', fullWidth, variant = 'default' }: ExportButtonProps) {
  const t = useT();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    controller.current = new AbortController();
    setBusy(true);
    setProgress(null);
    try {
      const { rows } = await downloadFile(path, body, { onProgress: setProgress, signal: controller.current.signal });
      notifySuccess(kind === 'pdf' ? t('reports.export.pdfDone') : t('reports.export.done', { count: rows }));
    } catch (error) {
      if (!controller.current?.signal.aborted) notifyError(error);
    } finally {
      setBusy(false);
      controller.current = null;
    }
  };

  const total = progress?.totalRows ?? null;
  const percent = total ? Math.min(100, Math.round(((progress?.rows ?? 0) / total) * 100)) : 100;
  return (
    <Stack gap={4} w={fullWidth ? '100%' : undefined}>
      <Button variant={variant} size={size} fullWidth={fullWidth} leftSection={<IconDownload size={16} stroke={1.8} />} loading={busy} onClick={() => void start()}>
        {label ?? t('reports.export.button')}
      </Button>
      {busy ? (
        <Group gap="xs" wrap="nowrap" role="status">
          <Progress.Root flex={1} miw={80} size="md">
            <Progress.Section value={percent} animated={total === null} striped={total === null} aria-label={t('reports.export.progressLabel')} />
          </Progress.Root>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {total !== null && progress ? t('reports.export.progress', { done: formatNumber(progress.rows), total: formatNumber(total) }) : t('reports.export.preparing')}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => controller.current?.abort()}>
            {t('reports.export.cancel')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
