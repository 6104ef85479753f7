import { Button, Group, Paper, Text } from '@mantine/core';
import { useT } from '../../lib/i18n/use-t';
import { reloadToUpdate, useUpdateReady } from '../../lib/pwa/update-state';
import classes from './update-prompt.module.css';

/** "A new version is ready — Reload": the new version takes over only when the user chooses. */
export function UpdatePrompt() {
  const t = useT();
  const ready = useUpdateReady();
  if (!ready) return null;
  return (
    <Paper className={classes.prompt} role="status" withBorder shadow="lg" radius="md" p="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={500}>
          {t('pwa.update.ready')}
        </Text>
        <Button size="sm" onClick={reloadToUpdate}>
          {t('pwa.update.reload')}
        </Button>
      </Group>
    </Paper>
  );
}
