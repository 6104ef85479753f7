import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type AccessLogEntry, type AccessLogInput, type User } from '@rescuedesk/shared';
import { api, type Paged } from '../../../lib/api-client';

export const ACCESS_LOG_PAGE_SIZE = 20;

export function getAccessLog(params: AccessLogInput): Promise<Paged<AccessLogEntry>> {
  return api.postPage<AccessLogEntry>('/privacy/getAccessLog', params);
}

export function accessLogQueryOptions(params: AccessLogInput) {
  return queryOptions({ queryKey: ['privacy', 'access-log', params], queryFn: () => getAccessLog(params), placeholderData: keepPreviousData });
}

/** Who saw personal data (docs/privacy.md), newest first, a page at a time. */
export function useAccessLog(params: AccessLogInput) {
  return useQuery(accessLogQueryOptions(params));
}

/** The people the log can be filtered by: the accounts the reader may manage, deactivated ones too. */
export function useAccessLogPeople() {
  return useQuery({
    queryKey: ['privacy', 'people'],
    queryFn: () => api.postPage<User>('/user/getUsers', { page: 1, pageSize: MAX_PAGE_SIZE, status: 'all' }).then((page) => page.data),
    staleTime: 5 * 60_000,
  });
}
