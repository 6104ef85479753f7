import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MarkStopInput, Run } from '@rescuedesk/shared';
import { appOutbox, type AppOutboxEntry } from '../../../lib/offline/app-outbox';
import type { SubmitResult } from '../../../lib/offline/outbox';
import { newWriteKey as randomKey } from './write-key';
import { useOutbox } from '../../../lib/offline/use-outbox';
import { runQueryKey } from './get-run';
import { RUNS_QUERY_KEY } from './get-runs';

/**
 * A crew's writes to a run go through the app's one outbox (docs/decisions/012), each with its own
 * Idempotency-Key, in one lane per run: marks in the order tapped, the end last. Offline they wait
 * on the device and the sheet shows them laid over the run as the server last sent it.
 */
export type RunWriteKind = 'runMark' | 'runEnd';

const LANE_PREFIX = 'run ';
const laneOf = (runId: number) => `${LANE_PREFIX}${runId}`;

function submit(kind: RunWriteKind, path: string, runId: number, body: Record<string, unknown>, describeAs: AppOutboxEntry['describeAs']): Promise<SubmitResult> {
  return appOutbox().submit({ key: randomKey(), kind, path, body, lane: laneOf(runId), describeAs });
}

export function queueMark(input: MarkStopInput, position: number): Promise<SubmitResult> {
  return submit('runMark', '/run/markStop', input.runId, { ...input }, { key: 'runs.outbox.mark', values: { position } });
}

export function queueEnd(runId: number): Promise<SubmitResult> {
  return submit('runEnd', '/run/endRun', runId, { runId }, { key: 'runs.outbox.end' });
}

/** The run as the sheet shows it: the server's copy with the marks still waiting on this device laid over it. */
export function useRunShown(run: Run | undefined): { run: Run | undefined; waiting: number } {
  const { entries } = useOutbox();
  if (!run) return { run, waiting: 0 };
  const mine = entries.filter((e) => e.lane === laneOf(run.id));
  if (mine.length === 0) return { run, waiting: 0 };
  const stops = run.stops.map((stop) => {
    const last = mine.filter((e) => e.kind === 'runMark' && e.body.stopId === stop.id).at(-1);
    if (!last) return stop;
    const b = last.body as MarkStopInput;
    return { ...stop, mark: b.mark, reason: b.reason ?? null, markedDate: b.markedDate, markedTime: b.markedTime, markLatitude: b.latitude ?? null, markLongitude: b.longitude ?? null, markAccuracy: b.accuracy ?? null };
  });
  const ended = mine.some((e) => e.kind === 'runEnd');
  return {
    run: { ...run, stops, status: ended ? 'ended' : run.status === 'planned' && stops.some((s) => s.mark !== 'pending') ? 'inProgress' : run.status, doneCount: stops.filter((s) => s.mark !== 'pending').length },
    waiting: mine.length,
  };
}

/** Keeps the run pages current as the outbox sends a run's writes: each answer is the run as stored. */
export function useRunAnswers(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      appOutbox().onApplied((entry, data) => {
        if (!entry.lane?.startsWith(LANE_PREFIX)) return;
        if (data && typeof data === 'object' && 'stops' in data) queryClient.setQueryData(runQueryKey((data as Run).id), data as Run);
        void queryClient.invalidateQueries({ queryKey: [...RUNS_QUERY_KEY, 'list'] });
      }),
    [queryClient],
  );
}
