import { CASE_TYPES, type CaseListInput } from '@rescuedesk/shared';
import { CASE_PAGE_SIZE } from './get-cases';

/** Shorter searches are not sent: one character matches most of a large NGO's cases (docs/decisions/005). */
export const MIN_SEARCH_LENGTH = 2;

export const TYPE_TABS = ['All', ...CASE_TYPES] as const;
export type TypeTab = (typeof TYPE_TABS)[number];

export interface DashboardFilters {
  type: TypeTab;
  search: string;
  page: number;
}

/** The tab, search and page live in the URL, so the back button from a case returns to the same list. */
export function readDashboardFilters(params: URLSearchParams): DashboardFilters {
  const type = params.get('type');
  const page = Number(params.get('page'));
  return {
    type: TYPE_TABS.includes(type as TypeTab) ? (type as TypeTab) : 'All',
    search: (params.get('q') ?? '').trim(),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/**
 * What the dashboard asks the server for, given its filters. The app's start asks the same for the
 * address it opens at, before the page's code has arrived, so both must build it here.
 */
export function dashboardListParams(filters: DashboardFilters): CaseListInput {
  const params: CaseListInput = { type: filters.type, page: filters.page, pageSize: CASE_PAGE_SIZE };
  if (filters.search.length >= MIN_SEARCH_LENGTH) params.search = filters.search;
  return params;
}
