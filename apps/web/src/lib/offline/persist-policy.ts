import type { Query, QueryKey } from '@tanstack/react-query';

/**
 * What of the query cache is kept for reading offline, and how much (docs/decisions/012): the
 * signed-in user, the dashboard's first pages of each tab, the cases opened last with what their
 * forms need, and the first pages of the directory lists that fill forms (vets, reporters,
 * sponsors, users, NGO choices), and what a case step's pickers offer in the user's NGO. Never a search's results: they are many and quickly stale.
 */

/** Cases kept, the most recently loaded first. */
export const MAX_OFFLINE_CASES = 20;
/** Pages of each list (each dashboard tab, each directory list) kept. */
export const MAX_OFFLINE_LIST_PAGES = 2;
/** Kept data older than this is not shown, even offline. */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/**
 * Changed when the shape of kept answers changes in a way the code can no longer read: the kept
 * data of every user is then dropped once. Not the build's version: a deploy must not empty a
 * phone that is offline.
 */
export const OFFLINE_CACHE_VERSION = '1';

const DIRECTORIES: ReadonlySet<unknown> = new Set(['vets', 'reporters', 'sponsors', 'users', 'ngos']);

type Kind =
  | { kind: 'me' }
  | { kind: 'case'; caseId: number }
  /** Something shown with a case (its vet names, staff, timeline, post-op log…): kept with its case. */
  | { kind: 'case-part'; caseId: number }
  | { kind: 'list'; page: number }
  | { kind: 'choices' };

function pageOf(params: unknown): number | null {
  if (typeof params !== 'object' || params === null) return null;
  const { page, search } = params as { page?: unknown; search?: unknown };
  if (typeof search === 'string' && search.trim() !== '') return null;
  return typeof page === 'number' ? page : 1;
}

/** Which kind of kept data a query is, or null when it is not kept. */
export function offlineKind(queryKey: QueryKey): Kind | null {
  const [area, what, param] = queryKey;
  if (area === 'auth' && what === 'me') return { kind: 'me' };
  if (area === 'cases' && what === 'detail' && typeof param === 'number') return { kind: 'case', caseId: param };
  if (area === 'cases' && what === 'list') {
    const page = pageOf(param);
    return page === null ? null : { kind: 'list', page };
  }
  if (area === 'cases' && typeof what === 'string' && typeof param === 'number') return { kind: 'case-part', caseId: param };
  if (DIRECTORIES.has(area) && what === 'list') {
    const page = pageOf(param);
    return page === null ? null : { kind: 'list', page };
  }
  if (area === 'ngos' && what === 'choices' && param === '') return { kind: 'choices' };
  // A run opened on the phone, so the crew reads and marks it offline (docs/product.md#runs), and the first pages of the runs.
  if (area === 'runs' && what === 'detail' && typeof param === 'number') return { kind: 'choices' };
  if (area === 'runs' && what === 'list') {
    const page = pageOf(param);
    return page === null ? null : { kind: 'list', page };
  }
  // What a case step's pickers offer in one NGO (vets, staff, latest reporters): warmed at sign-in
  // and kept whole, so the pickers work offline for a case or step never opened online (issue 33).
  if (area === 'directory-choices' && typeof what === 'number') return { kind: 'choices' };
  // The stock list, for the stock picker of a case's vaccination or operation offline (docs/stock.md#offline).
  if (area === 'stock' && what === 'overview') return { kind: 'choices' };
  return null;
}

/**
 * A first filter, query by query: only answers that arrived (a refresh that failed since, offline,
 * keeps the answer it had), of a kind that is kept.
 */
export function mayPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  if (query.state.data === undefined) return false;
  const kind = offlineKind(query.queryKey);
  return kind !== null && (kind.kind !== 'list' || kind.page <= MAX_OFFLINE_LIST_PAGES);
}

/** A query or its dehydrated copy: what the caps read. */
interface QueryLike {
  queryKey: QueryKey;
  state: { data?: unknown; dataUpdatedAt: number };
}

/**
 * The caps, across queries: the last MAX_OFFLINE_CASES cases loaded (by when their answer came)
 * and what belongs to them; lists only up to their MAX_OFFLINE_LIST_PAGES-th page.
 */
export function capPersistedQueries<Q extends QueryLike>(queries: readonly Q[]): Q[] {
  const cases = queries
    .flatMap((query) => {
      const kind = offlineKind(query.queryKey);
      return kind?.kind === 'case' ? [{ caseId: kind.caseId, at: query.state.dataUpdatedAt }] : [];
    })
    .sort((a, b) => b.at - a.at)
    .slice(0, MAX_OFFLINE_CASES);
  const keptCases = new Set(cases.map((c) => c.caseId));
  return queries.filter((query) => {
    const kind = offlineKind(query.queryKey);
    if (!kind || query.state.data === undefined) return false;
    switch (kind.kind) {
      case 'case':
      case 'case-part':
        return keptCases.has(kind.caseId);
      case 'list':
        return kind.page <= MAX_OFFLINE_LIST_PAGES;
      default:
        return true;
    }
  });
}
