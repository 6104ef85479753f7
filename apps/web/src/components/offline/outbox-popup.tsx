import { cloneElement } from 'react';
import { Button, Group, Popover, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconRefresh } from '@tabler/icons-react';
import { usePopupState, type PopupProps } from '../ui/popup-on-first-use';
import { useT } from '../../lib/i18n/use-t';
import { appOutbox } from '../../lib/offline/app-outbox';
import { useOnline } from '../../lib/offline/shown-data';
import { useOutbox } from '../../lib/offline/use-outbox';
import { useNetworkLabel } from './network-status';
import { useOutboxSummary } from './outbox-status';

/**
 * The outbox's list (outbox-status.tsx draws its trigger until it is first used): what waits and
 * what the server refused, each refused change with Open to fix (its case at its step), Retry and Discard.
 */
export default function OutboxPopup({ target, opening }: PopupProps) {
  const t = useT();
  const online = useOnline();
  const summary = useOutboxSummary();
  const network = useNetworkLabel();
  const { entries } = useOutbox();
  const outbox = appOutbox();
  const held = outbox.heldBehindFailed(entries);
  const popup = usePopupState(opening);

  return (
    <Popover position="bottom-end" width={320} shadow="md" withinPortal opened={popup.opened} onChange={popup.onChange}>
      <Popover.Target>{cloneElement(target, { ref: popup.targetRef })}</Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="region" aria-label={t('offline.outbox.panelTitle')}>
          <Text fw={600} size="sm" role="status">
            {summary.text}
          </Text>
          {online && !network.ready ? (
            <Text size="sm" c="dimmed">
              {network.label}
            </Text>
          ) : null}
          {entries.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('offline.outbox.noneWaiting')}
            </Text>
          ) : (
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none', maxHeight: 280, overflowY: 'auto' }}>
              {entries.map((entry) => (
                <li key={entry.seq ?? entry.key}>
                  <Text size="sm">{outbox.describe(entry, t)}</Text>
                  {entry.state === 'failed' && entry.seq !== undefined ? (
                    <>
                      <Text size="xs" c="red.8">
                        {t('offline.outbox.failedReason', { message: entry.error ?? '' })}
                      </Text>
                      {/* Touch targets of 44 px, for a thumb on a phone. */}
                      <Group gap="xs" mt={4}>
                        {outbox.openAt(entry) !== null ? (
                          <Button size="compact-sm" mih={44} component={Link} to={outbox.openAt(entry) ?? ''} onClick={() => popup.onChange(false)}>
                            {t('offline.outbox.openToFix')}
                          </Button>
                        ) : null}
                        <Button size="compact-sm" mih={44} variant="light" onClick={() => void outbox.retry(entry.seq ?? 0)}>
                          {t('offline.outbox.retry')}
                        </Button>
                        <Button size="compact-sm" mih={44} variant="light" color="red" onClick={() => void outbox.discard(entry.seq ?? 0)}>
                          {t('offline.outbox.discard')}
                        </Button>
                      </Group>
                    </>
                  ) : held.has(entry.key) ? (
                    <Text size="xs" c="dimmed">
                      {t('offline.outbox.heldBehindFailed')}
                    </Text>
                  ) : null}
                </li>
              ))}
            </Stack>
          )}
          {summary.waiting > 0 ? (
            <Button size="compact-sm" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => outbox.networkBack()}>
              {t('offline.outbox.syncNow')}
            </Button>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
