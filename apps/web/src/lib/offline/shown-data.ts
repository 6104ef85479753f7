import { useSyncExternalStore } from 'react';
import { onlineManager, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api-client';
import { intlLocale } from '../i18n/i18n';

/** Whether the browser says it has a network (TanStack Query's view, which pauses fetching without one). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  );
}

/** What the screen shows, from the queries it uses now. */
export interface ShownData {
  /** The oldest answer on screen (ms since the epoch), or null when nothing on screen has data. */
  syncedAt: number | null;
  /** Something on screen has no kept answer and cannot be fetched now. */
  missing: boolean;
  /** The last try to refresh something on screen found no network (the browser may still say online). */
  unreachable: boolean;
}

const isMe = (query: Query) => query.queryKey[0] === 'auth' && query.queryKey[1] === 'me';
const noNetwork = (error: unknown) => error instanceof ApiError && error.status === 0;

/** Reads the queries that a mounted component uses (the signed-in user aside: every screen has it). */
export function readShownData(queryClient: QueryClient): ShownData {
  let syncedAt: number | null = null;
  let missing = false;
  let unreachable = false;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.getObserversCount() === 0 || isMe(query)) continue;
    const { data, dataUpdatedAt, status, error } = query.state;
    if (data === undefined) {
      if (status !== 'success') missing = true;
      if (noNetwork(error)) unreachable = true;
      continue;
    }
    syncedAt = syncedAt === null ? dataUpdatedAt : Math.min(syncedAt, dataUpdatedAt);
    if (noNetwork(error) && query.state.errorUpdatedAt >= dataUpdatedAt) unreachable = true;
  }
  return { syncedAt, missing, unreachable };
}

/** readShownData, kept current as queries come, go and answer. */
export function useShownData(): ShownData {
  const queryClient = useQueryClient();
  const snapshot = useSyncExternalStore(
    (listener) => queryClient.getQueryCache().subscribe(listener),
    // A string, so that an unchanged state is the same snapshot.
    () => JSON.stringify(readShownData(queryClient)),
  );
  return JSON.parse(snapshot) as ShownData;
}

/** When kept data was last synced: the time alone today, the date and time before. */
export function formatSyncedAt(at: number, now = Date.now()): string {
  const date = new Date(at);
  const sameDay = new Date(now).toDateString() === date.toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay ? { hour: '2-digit', minute: '2-digit' } : { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' };
  return new Intl.DateTimeFormat(intlLocale(), options).format(date);
}
