import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SurveyDetail } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { SURVEYS_QUERY_KEY } from './get-wards';

export function surveyQueryKey(uid: string) {
  return [...SURVEYS_QUERY_KEY, 'survey', uid] as const;
}

export function getSurvey(uid: string): Promise<SurveyDetail> {
  return api.post<SurveyDetail>('/survey/getSurvey', { uid });
}

/** A survey as the server holds it; a survey started offline is not there yet (its taps wait in the outbox). */
export function useSurvey(uid: string | null) {
  return useQuery({ ...queryOptions({ queryKey: surveyQueryKey(uid ?? ''), queryFn: () => getSurvey(uid ?? '') }), enabled: uid !== null, retry: false });
}
