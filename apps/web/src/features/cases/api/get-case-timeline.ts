import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TimelineEntry } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

/** Entries asked per page of the timeline. */
export const TIMELINE_PAGE_SIZE = 20;

/** `version` changes with every save of the case (its last change), so a save shows at once. */
export const caseTimelineKey = (caseId: number, version: string) => ['cases', 'timeline', caseId, version] as const;

export function getCaseTimeline(caseId: number, page: number) {
  return api.postPage<TimelineEntry>('/case/getCaseTimeline', { caseId, page, pageSize: TIMELINE_PAGE_SIZE });
}

/** The case's changes, newest first, a page at a time ("Load more" asks the next). */
export function useCaseTimeline(caseId: number, version: string, enabled = true) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: caseTimelineKey(caseId, version),
      queryFn: ({ pageParam }) => getCaseTimeline(caseId, pageParam),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.meta.page * last.meta.pageSize < last.meta.total ? last.meta.page + 1 : undefined),
      enabled,
    }),
  );
}
