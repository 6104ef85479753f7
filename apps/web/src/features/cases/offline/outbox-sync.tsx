import { useEffect } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';
import { optionKey, type Case, type CaseType, type MessageKey } from '@rescuedesk/shared';
import { Link, useLocation, useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n/use-t';
import { keepStorage } from '../../../lib/offline/persistent-storage';
import { caseQueryKey } from '../api/get-case';
import { CASE_LISTS_QUERY_KEY } from '../api/get-cases';
import { caseOutbox } from './case-outbox';
import type { Conflict } from './conflicts';
import { useCaseOutbox } from './use-case-outbox';

/**
 * Starts the outbox for the signed-in user (docs/decisions/012) and keeps the app in step with it:
 * a change sent in the background updates the cached case and the lists, a case created offline
 * takes its real id in the cache and in the address, and the network coming back sends at once.
 */
export function useOutboxSync(userId: number): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const path = location.pathname;
  const search = location.search;

  useEffect(() => {
    const outbox = caseOutbox();
    void outbox.start(userId);
    // Queued changes must outlive a phone short of space (the browser may otherwise clear them).
    void keepStorage();
    const online = () => outbox.networkBack();
    window.addEventListener('online', online);
    const offApplied = outbox.onApplied((entry, data) => {
      // Another feature's write (a lane of its own, such as a survey's) answers no case.
      if (entry.lane === undefined && entry.kind !== 'createCase' && typeof data === 'object' && data !== null && 'id' in data) queryClient.setQueryData(caseQueryKey((data as Case).id), data as Case);
      void queryClient.invalidateQueries({ queryKey: CASE_LISTS_QUERY_KEY });
    });
    return () => {
      window.removeEventListener('online', online);
      offApplied();
    };
  }, [userId, queryClient]);

  // The address of a case created offline names its temporary id: the real one replaces it.
  useEffect(() => {
    const outbox = caseOutbox();
    const swap = (tempId: number, realId: number) => {
      queryClient.removeQueries({ queryKey: caseQueryKey(tempId) });
      void queryClient.invalidateQueries({ queryKey: caseQueryKey(realId) });
      const params = new URLSearchParams(window.location.search);
      if (window.location.pathname === '/dashboard/case' && params.get('id') === String(tempId)) {
        params.set('id', String(realId));
        void navigate(`/dashboard/case?${params.toString()}`, { replace: true, preventScrollReset: true });
      }
    };
    // An address opened after the swap (a reload, a tab killed in between).
    const params = new URLSearchParams(search);
    const id = Number(params.get('id'));
    if (path === '/dashboard/case' && id < 0 && outbox.resolveId(id) !== id) swap(id, outbox.resolveId(id));
    return outbox.onReplaced(swap);
  }, [navigate, queryClient, path, search]);
}

function shownValue(t: ReturnType<typeof useT>, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('offline.outbox.empty');
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

function fieldLabel(t: ReturnType<typeof useT>, conflict: Conflict): string {
  // Not every field has a shared label (a missing one shows its key): then its name is shown.
  const key = `field.${conflict.field}` as MessageKey;
  const label = t(key);
  return label === key ? conflict.field : label;
}

/**
 * Above every page: the fields the last sync wrote over someone else's newer value, each named
 * (the later write wins; the case's timeline keeps both values).
 */
export function ConflictNotices() {
  const t = useT();
  const { conflicts } = useCaseOutbox();
  if (conflicts.length === 0) return null;
  return (
    <Alert role="alert" color="orange" variant="light" icon={<IconAlertTriangle size={18} />} mb="md" title={t('offline.outbox.conflictTitle')} data-shell-notice>
      <Stack gap={4}>
        {conflicts.map((conflict, index) => (
          <Text key={index} size="sm">
            {t('offline.outbox.conflict', { id: conflict.caseId, field: fieldLabel(t, conflict), theirs: shownValue(t, conflict.theirs), mine: shownValue(t, conflict.mine) })}
          </Text>
        ))}
        <Group>
          <Button size="compact-sm" variant="light" color="orange" onClick={() => caseOutbox().dismissConflicts()}>
            {t('offline.outbox.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * The per-case marker and the cases created on this device: on the case page, how many of its
 * changes wait; on the dashboard, the new cases not sent yet (each opens at its temporary id).
 */
export function UnsyncedCases() {
  const t = useT();
  const { pathname, search } = useLocation();
  const { entries } = useCaseOutbox();
  if (pathname === '/dashboard/case') {
    const id = Number(new URLSearchParams(search).get('id'));
    const mine = entries.filter((e) => e.caseId === id);
    if (!id || mine.length === 0) return null;
    const failed = mine.filter((e) => e.state === 'failed');
    // A refused change holds the case's later ones (docs/decisions/012): it must not read as waiting.
    if (failed.length > 0) {
      return (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} py={8} mb="md" data-testid="case-unsynced">
          <Text size="sm">{t('offline.outbox.caseMarkerFailed', { failed: failed.length, waiting: mine.length - failed.length })}</Text>
          {failed.map((entry) => (
            <Text key={entry.key} size="xs" c="red.8">
              {t('offline.outbox.failedReason', { message: entry.error ?? '' })}
            </Text>
          ))}
        </Alert>
      );
    }
    const count = mine.length;
    return (
      <Alert color="orange" variant="light" icon={<IconCloudUpload size={18} />} py={8} mb="md" data-testid="case-unsynced">
        {t('offline.outbox.caseMarker', { count })}
      </Alert>
    );
  }
  if (pathname !== '/dashboard') return null;
  const created = entries.filter((e) => e.kind === 'createCase');
  if (created.length === 0) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconCloudUpload size={18} />} mb="md" title={t('offline.outbox.pendingCasesTitle')}>
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {created.map((entry) => (
          <li key={entry.key}>
            <Anchor component={Link} to={`/dashboard/case?id=${entry.tempId ?? entry.caseId}`} size="sm">
              {t('offline.outbox.entryCreate', { type: t(optionKey('caseType', (entry.body.type as CaseType | undefined) ?? 'OPD')) })}
            </Anchor>
            {entry.state === 'failed' ? (
              <Text span size="xs" c="red.8">
                {' '}
                {t('offline.outbox.failedReason', { message: entry.error ?? '' })}
              </Text>
            ) : null}
          </li>
        ))}
      </Stack>
    </Alert>
  );
}
