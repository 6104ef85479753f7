import type { MapMarker } from '@rescuedesk/shared';

/** How old a marker's oldest point is: up to 2 days, up to a week, or older. */
export type AgeBand = 'fresh' | 'week' | 'old';

export function ageBandOf(ageDays: number | null): AgeBand {
  if (ageDays === null || ageDays <= 2) return 'fresh';
  return ageDays <= 7 ? 'week' : 'old';
}

/** A point's fill by its status (a cluster's is dark); white text on each keeps AA contrast. */
export const STATUS_FILL: Readonly<Record<string, string>> = {
  Reported: '#c2255c',
  Admitted: '#1864ab',
  'Blood Test': '#5f3dc4',
  Operation: '#862e9c',
  'Post Operation': '#2b8a3e',
};
export const REPORT_FILL = '#a61e4d';
export const CLUSTER_FILL = '#343a40';

/** The ring round a marker by the age of its oldest point. */
export const AGE_RING: Readonly<Record<AgeBand, string>> = { fresh: '#ffffff', week: '#f59f00', old: '#e03131' };

/** The fill of a marker: a report's, a cluster's, or a case's by its status. */
export function fillOf(marker: Pick<MapMarker, 'kind' | 'count' | 'status'>): string {
  if (marker.kind === 'report') return REPORT_FILL;
  if (marker.count > 1) return CLUSTER_FILL;
  return STATUS_FILL[marker.status ?? ''] ?? CLUSTER_FILL;
}

/** A marker's diameter in pixels: a finger's width, larger for larger clusters. */
export function sizeOf(count: number): number {
  if (count <= 1) return 32;
  return count < 10 ? 38 : count < 100 ? 44 : 52;
}

/** What a cluster's badge reads: the count, shortened past a thousand. */
export function countText(count: number): string {
  return count < 1000 ? String(count) : `${Math.floor(count / 1000)}k`;
}
