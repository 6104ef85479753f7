import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AddSightingInput, StartSurveyInput, SurveyDetail } from '@rescuedesk/shared';
import { appOutbox, type AppOutboxEntry } from '../../../lib/offline/app-outbox';
import type { SubmitResult } from '../../../lib/offline/outbox';
import { randomKey } from '../../../lib/offline/queued-images';
import { useOutbox } from '../../../lib/offline/use-outbox';
import { surveyQueryKey } from './get-survey';
import { SURVEYS_QUERY_KEY } from './get-wards';

/**
 * A survey's writes go through the app's one outbox (docs/decisions/012), each with its own
 * Idempotency-Key, in one lane per survey: its start first, then each dog in the order tapped, an
 * undo after the dog it takes back. The server finds the survey and each dog by the ids made here,
 * so nothing is counted twice however often a write is sent (docs/coverage.md).
 */

type SurveyWriteKind = 'surveyStart' | 'surveySighting' | 'surveyRemove';

export const newSurveyUid = randomKey;

const laneOf = (surveyUid: string) => `survey ${surveyUid}`;

function submit(kind: SurveyWriteKind, path: string, surveyUid: string, body: Record<string, unknown>, describeAs: AppOutboxEntry['describeAs']): Promise<SubmitResult> {
  return appOutbox().submit({ key: randomKey(), kind, path, body, lane: laneOf(surveyUid), describeAs });
}

export function queueSurveyStart(input: StartSurveyInput, wardName: string): Promise<SubmitResult> {
  return submit('surveyStart', '/survey/startSurvey', input.uid, { ...input }, { key: 'surveys.outbox.start', values: { ward: wardName } });
}

export function queueSighting(input: AddSightingInput): Promise<SubmitResult> {
  return submit('surveySighting', '/survey/addSighting', input.surveyUid, { ...input }, { key: 'surveys.outbox.sighting' });
}

/** Takes a dog back: dropped from the queue while it was never sent, or taken back on the server behind it. */
export async function undoSighting(surveyUid: string, uid: string): Promise<void> {
  const dropped = await appOutbox().amend((e) => e.lane === laneOf(surveyUid) && e.kind === 'surveySighting' && e.body.uid === uid, null);
  if (!dropped) await submit('surveyRemove', '/survey/removeSighting', surveyUid, { surveyUid, uid }, { key: 'surveys.outbox.remove' });
}

export interface TappedDog {
  uid: string;
  notched: boolean;
  vaccinated: boolean;
}

/**
 * The dogs of a survey as the recorder shows them: the server's, with the taps still waiting on
 * this device laid over them (added ones after, taken-back ones out), in the order tapped.
 */
export function useSurveyDogs(surveyUid: string, server: SurveyDetail | undefined): { dogs: TappedDog[]; waiting: number } {
  const { entries } = useOutbox();
  const mine = entries.filter((e) => e.lane === laneOf(surveyUid));
  const dogs: TappedDog[] = (server?.sightings ?? []).map(({ uid, notched, vaccinated }) => ({ uid, notched, vaccinated }));
  for (const entry of mine) {
    const uid = String(entry.body.uid);
    if (entry.kind === 'surveySighting' && !dogs.some((d) => d.uid === uid)) dogs.push({ uid, notched: entry.body.notched === true, vaccinated: entry.body.vaccinated === true });
    if (entry.kind === 'surveyRemove') {
      const at = dogs.findIndex((d) => d.uid === uid);
      if (at >= 0) dogs.splice(at, 1);
    }
  }
  return { dogs, waiting: mine.length };
}

/** Keeps the survey pages current as the outbox sends a survey's writes: each answer is the survey as stored. */
export function useSurveyAnswers(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      appOutbox().onApplied((entry, data) => {
        if (!entry.lane?.startsWith('survey ')) return;
        if (data && typeof data === 'object' && 'uid' in data) queryClient.setQueryData(surveyQueryKey((data as SurveyDetail).uid), data as SurveyDetail);
        void queryClient.invalidateQueries({ queryKey: [...SURVEYS_QUERY_KEY, 'coverage'] });
      }),
    [queryClient],
  );
}
