import { Button, Indicator, Loader, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudDownload, IconCloudUpload, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { PopupOnFirstUse } from '../ui/popup-on-first-use';
import { useT } from '../../lib/i18n/use-t';
import { useOnline } from '../../lib/offline/shown-data';
import { useOutbox } from '../../lib/offline/use-outbox';
import { useNetworkLabel } from './network-status';

const loadPopup = () => import('./outbox-popup');

/** The sentence the top bar shows for the outbox's state. */
export function useOutboxSummary(): { text: string; tone: 'saved' | 'waiting' | 'failed'; waiting: number; failed: number } {
  const t = useT();
  const online = useOnline();
  const { entries, syncing, paused } = useOutbox();
  const failed = entries.filter((e) => e.state === 'failed').length;
  const waiting = entries.length - failed;
  if (failed > 0 && waiting === 0) return { text: t('offline.outbox.failed', { count: failed }), tone: 'failed', waiting, failed };
  // A refused change holds its case's later changes (and those naming a refused photo) until the
  // user retries or discards it: it must not hide behind "Syncing…" or "N changes waiting".
  if (failed > 0) return { text: t('offline.outbox.failedAndWaiting', { failed, waiting }), tone: 'failed', waiting, failed };
  if (waiting === 0) return { text: t('offline.outbox.saved'), tone: 'saved', waiting, failed };
  if (paused) return { text: t('offline.outbox.paused', { count: waiting }), tone: 'waiting', waiting, failed };
  if (!online) return { text: t('offline.outbox.offlineWaiting', { count: waiting }), tone: 'waiting', waiting, failed };
  if (syncing) return { text: t('offline.outbox.syncing'), tone: 'waiting', waiting, failed };
  return { text: t('offline.outbox.waiting', { count: waiting }), tone: 'waiting', waiting, failed };
}

/**
 * The outbox's state in the top bar, for everyone (docs/decisions/012): 'Offline: 3 changes
 * waiting', 'Syncing…', 'All changes saved'. A tap opens the list of what waits and what the
 * server refused, each refused change with Retry and Discard: nothing is dropped without the user
 * (outbox-popup.tsx, whose code comes on the first tap).
 */
export function OutboxStatus({ compact = false }: { compact?: boolean }) {
  const online = useOnline();
  const summary = useOutboxSummary();
  const network = useNetworkLabel();
  // On a phone this one icon also says Online / Offline, or that the app is still getting ready for
  // offline use (the top bar has no room for two); a tap shows it in words.
  const gettingReady = compact && online && !network.ready && summary.tone === 'saved';
  const color = summary.tone === 'failed' ? 'red' : summary.tone === 'waiting' || !online ? 'orange' : gettingReady ? 'gray' : 'teal';
  const count = summary.waiting + summary.failed;
  const Icon = summary.tone === 'failed' ? IconAlertTriangle : !online && compact ? IconWifiOff : summary.tone === 'waiting' ? IconCloudUpload : gettingReady ? IconCloudDownload : compact ? IconWifi : IconCloudCheck;

  return (
    <>
      {compact ? (
        <VisuallyHidden role="status" data-online={online}>
          {network.label}
        </VisuallyHidden>
      ) : null}
      <PopupOnFirstUse
        load={loadPopup}
        kind="dialog"
        target={(loading) =>
          compact ? (
            <UnstyledButton aria-label={summary.text} aria-busy={loading || undefined} data-testid="outbox-status" data-tone={summary.tone} w={44} h={44} c={`${color}.8`} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              {/* The count sits on the icon, so the top bar keeps its width on a 360 px phone. */}
              <Indicator label={count} size={15} color={color} disabled={count === 0} offset={2} styles={{ indicator: { fontSize: 10, fontWeight: 700 } }}>
                {loading ? <Loader size={16} color={color} aria-hidden /> : <Icon size={20} stroke={1.8} aria-hidden />}
              </Indicator>
            </UnstyledButton>
          ) : (
            <Button variant="subtle" color={color} size="compact-sm" loading={loading} leftSection={<Icon size={16} stroke={1.8} aria-hidden />} data-testid="outbox-status" data-tone={summary.tone} h={44}>
              {summary.text}
            </Button>
          )
        }
      />
    </>
  );
}

