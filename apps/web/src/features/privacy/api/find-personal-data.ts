import { useMutation } from '@tanstack/react-query';
import type { DataSubjectInput, HeldRecord } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

export function findPersonalData(input: DataSubjectInput): Promise<HeldRecord[]> {
  return api.post<HeldRecord[]>('/privacy/findPersonalData', input);
}

/** What the NGO holds about a person, asked for when the Founder searches (nothing is kept of the search). */
export function useFindPersonalData() {
  return useMutation({ mutationFn: findPersonalData });
}
