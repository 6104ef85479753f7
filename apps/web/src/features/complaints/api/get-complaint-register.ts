import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ComplaintRegister, ComplaintRegisterInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

export const COMPLAINTS_QUERY_KEY = ['complaints'] as const;

export function getComplaintRegister(input: ComplaintRegisterInput): Promise<ComplaintRegister> {
  return api.post<ComplaintRegister>('/report/getComplaintRegister', input);
}

export function complaintRegisterQueryOptions(input: ComplaintRegisterInput) {
  return queryOptions({ queryKey: [...COMPLAINTS_QUERY_KEY, 'register', input], queryFn: () => getComplaintRegister(input), placeholderData: keepPreviousData });
}

/** A month's complaints with their outcome and times (docs/citizen-reports.md#the-complaint-register). */
export function useComplaintRegister(input: ComplaintRegisterInput) {
  return useQuery(complaintRegisterQueryOptions(input));
}
