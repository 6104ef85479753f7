import { haversineMetres } from '../schemas/case-rules';

export interface GeoPoint {
  lat: number;
  lon: number;
}

export interface Tour {
  /** The stops' indices in the order to visit them. */
  order: number[];
  /** From the start point through every stop in that order, in whole metres (no way back). */
  totalMetres: number;
}

/**
 * The order of a run's stops from its start point: nearest neighbour, then 2-opt until no reversal
 * shortens the path, with or-opt moves (a stretch of up to three stops moved elsewhere) between
 * rounds, which lift the open path out of the few local optima 2-opt alone stays in. The van does not come back, so the path is open and its start fixed. Distances
 * are great-circle (haversine): the roads are not known, and for a day's run across one city the
 * straight line orders stops as a driver would.
 */
export function planTour(start: GeoPoint, stops: readonly GeoPoint[]): Tour {
  const points = [start, ...stops];
  const n = points.length;
  const dist: number[][] = points.map((a) => points.map((b) => haversineMetres(a, b)));

  // Nearest neighbour from the start; ties go to the lower index so the answer is stable.
  const path = [0];
  const left = new Set(stops.map((_, i) => i + 1));
  while (left.size > 0) {
    const here = path[path.length - 1]!;
    let next = -1;
    for (const candidate of left) if (next === -1 || dist[here]![candidate]! < dist[here]![next]!) next = candidate;
    path.push(next);
    left.delete(next);
  }

  // 2-opt on the open path: reverse path[i..k] when that shortens it (index 0, the start, stays).
  const d = (i: number, j: number) => dist[path[i]!]![path[j]!]!;
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 1; i < n - 1; i++) {
      for (let k = i + 1; k < n; k++) {
        const before = d(i - 1, i) + (k + 1 < n ? d(k, k + 1) : 0);
        const after = d(i - 1, k) + (k + 1 < n ? d(i, k + 1) : 0);
        if (after < before - 1e-6) {
          reverse(path, i, k);
          improved = true;
        }
      }
    }
    if (!improved) improved = orOpt(path, dist);
  }

  return { order: path.slice(1).map((p) => p - 1), totalMetres: Math.round(pathLength(points, path.slice(1).map((p) => p - 1))) };
}

/** The length of the open path from the start through the stops in the given order, in metres. */
export function tourMetres(start: GeoPoint, stops: readonly GeoPoint[], order: readonly number[]): number {
  return Math.round(pathLength([start, ...stops], order));
}

function pathLength(points: readonly GeoPoint[], order: readonly number[]): number {
  let total = 0;
  let here = points[0]!;
  for (const i of order) {
    const next = points[i + 1]!;
    total += haversineMetres(here, next);
    here = next;
  }
  return total;
}

/** Moves one stretch of 1-3 stops (either way round) to where it shortens the path most; true when it did. */
function orOpt(path: number[], dist: readonly number[][]): boolean {
  const length = (p: readonly number[]) => p.reduce((sum, at, i) => (i === 0 ? 0 : sum + dist[p[i - 1]!]![at]!), 0);
  const current = length(path);
  let best: number[] | undefined;
  let bestLength = current - 1e-6;
  for (let size = 1; size <= 3; size++) {
    for (let i = 1; i + size <= path.length; i++) {
      const stretch = path.slice(i, i + size);
      const rest = [...path.slice(0, i), ...path.slice(i + size)];
      for (let j = 1; j <= rest.length; j++) {
        for (const piece of size === 1 ? [stretch] : [stretch, [...stretch].reverse()]) {
          const candidate = [...rest.slice(0, j), ...piece, ...rest.slice(j)];
          const l = length(candidate);
          if (l < bestLength) {
            best = candidate;
            bestLength = l;
          }
        }
      }
    }
  }
  if (!best) return false;
  path.splice(0, path.length, ...best);
  return true;
}

function reverse(path: number[], i: number, k: number): void {
  for (; i < k; i++, k--) [path[i], path[k]] = [path[k]!, path[i]!];
}
