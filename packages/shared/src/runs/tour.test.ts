import { describe, expect, it } from 'vitest';
import { haversineMetres } from '../schemas/case-rules';
import { planTour, tourMetres, type GeoPoint } from './tour';

/** A small seeded generator (mulberry32), so a failing case can be run again. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Points within about 15 km of central Bengaluru. */
function pointsOf(next: () => number, count: number): GeoPoint[] {
  return Array.from({ length: count }, () => ({ lat: 12.9 + next() * 0.14, lon: 77.5 + next() * 0.14 }));
}

/**
 * The shortest open tour from the start through every stop, by trying every order (8 stops: 40,320
 * orders; an order already longer than the best found is not followed further). Leg lengths are
 * worked out once and summed as the orders are built: the whole test then takes a fraction of the
 * default time limit even on a busy 2-core machine.
 */
function bestByBruteForce(start: GeoPoint, stops: readonly GeoPoint[]): number {
  const points = [start, ...stops];
  const leg = points.map((a) => points.map((b) => haversineMetres(a, b)));
  let best = Infinity;
  const used = new Array<boolean>(stops.length).fill(false);
  const visit = (at: number, placed: number, length: number) => {
    if (length >= best) return;
    if (placed === stops.length) {
      best = length;
      return;
    }
    for (let i = 1; i <= stops.length; i++) {
      if (used[i - 1]) continue;
      used[i - 1] = true;
      visit(i, placed + 1, length + leg[at]![i]!);
      used[i - 1] = false;
    }
  };
  visit(0, 0, 0);
  return best;
}

const START: GeoPoint = { lat: 12.9716, lon: 77.5946 };

describe('planTour', () => {
  it('keeps within 10% of the best order for 200 random runs of up to 8 stops', () => {
    const next = random(36);
    for (let run = 0; run < 200; run++) {
      // 40 runs of 8 stops (40,320 orders each by brute force), the rest of 3 to 7.
      const count = run < 40 ? 8 : 3 + (run % 5);
      const stops = pointsOf(next, count);
      const start = pointsOf(next, 1)[0]!;
      const tour = planTour(start, stops);
      expect([...tour.order].sort((x, y) => x - y)).toEqual(stops.map((_, i) => i));
      expect(tour.totalMetres).toBe(tourMetres(start, stops, tour.order));
      const best = bestByBruteForce(start, stops);
      expect(tour.totalMetres, `run ${run}`).toBeLessThanOrEqual(Math.ceil(best * 1.1));
    }
  });

  it('answers an empty tour for no stops', () => {
    expect(planTour(START, [])).toEqual({ order: [], totalMetres: 0 });
  });

  it('goes to the one stop of a run of one', () => {
    const tour = planTour(START, [{ lat: 12.9806, lon: 77.5946 }]);
    expect(tour.order).toEqual([0]);
    expect(tour.totalMetres).toBeGreaterThan(990);
    expect(tour.totalMetres).toBeLessThan(1010);
  });

  it('visits the nearer of two stops first', () => {
    const far = { lat: 13.0, lon: 77.5946 };
    const near = { lat: 12.98, lon: 77.5946 };
    expect(planTour(START, [far, near]).order).toEqual([1, 0]);
  });

  it('keeps every stop of duplicates and stops at the start point', () => {
    const same = { lat: 12.99, lon: 77.6 };
    const tour = planTour(START, [same, START, same, { ...same }]);
    expect([...tour.order].sort()).toEqual([0, 1, 2, 3]);
    expect(tour.order[0]).toBe(1);
    expect(tour.totalMetres).toBe(tourMetres(START, [same], [0]));
  });
});
