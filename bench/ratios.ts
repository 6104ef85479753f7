/**
 * Issue 38's targets as ratios within one run of `npm run bench`: each scenario's throughput and
 * p99 against `me` (/api/auth/me, the cheapest signed-in call) measured by the same server in the
 * same run, and `me` against the bare route. A ratio cancels most of the machine's speed and load;
 * over several runs (--runs) each is given per run and as its range, and judged on its worst run.
 */

export interface MeasuredRow {
  db: string;
  cases: number;
  scenario: string;
  run?: number | undefined;
  rps: number;
  p99: number;
}

export interface AnchoredRatio {
  db: string;
  measure: string;
  target: string;
  /** Each run's value, in run order. */
  values: number[];
  perRun: string;
  range: string;
  result: 'met' | 'missed' | 'reported' | 'not measured';
}

export const BARE_SCENARIO = 'bare Fastify route (ceiling)';
export const ME_SCENARIO = 'me';

interface Target {
  measure: string;
  scenario: string;
  of: 'rps' | 'p99';
  /** What the value is divided by: me's figure, the bare route's, or nothing (an absolute p99 in ms). */
  against: 'me' | 'bare' | 'ms';
  target: string;
  met?: (value: number) => boolean;
  only?: string;
}

const TARGETS: Target[] = [
  { measure: 'me throughput vs the bare route', scenario: ME_SCENARIO, of: 'rps', against: 'bare', target: '>= 0.40', met: (v) => v >= 0.4 },
  { measure: 'dashboard throughput vs me', scenario: 'dashboard', of: 'rps', against: 'me', target: '>= 0.60', met: (v) => v >= 0.6 },
  { measure: 'dashboard p99 vs me', scenario: 'dashboard', of: 'p99', against: 'me', target: '<= 2', met: (v) => v <= 2 },
  { measure: 'getCaseById throughput vs me', scenario: 'getCaseById', of: 'rps', against: 'me', target: '>= 0.50', met: (v) => v >= 0.5 },
  { measure: 'getCaseById p99 vs me', scenario: 'getCaseById', of: 'p99', against: 'me', target: '<= 3', met: (v) => v <= 3 },
  { measure: 'step save throughput vs me', scenario: 'step save', of: 'rps', against: 'me', target: '>= 0.25', met: (v) => v >= 0.25 },
  { measure: 'step save p99 vs me', scenario: 'step save', of: 'p99', against: 'me', target: '<= 5', met: (v) => v <= 5 },
  { measure: 'new search throughput vs me', scenario: 'search, ever-new terms', of: 'rps', against: 'me', target: '>= 0.30', met: (v) => v >= 0.3 },
  { measure: 'new search p99 vs me', scenario: 'search, ever-new terms', of: 'p99', against: 'me', target: '<= 5', met: (v) => v <= 5 },
  { measure: 'new search p99, ms', scenario: 'search, ever-new terms', of: 'p99', against: 'ms', target: '< 150', met: (v) => v < 150, only: 'postgres' },
  { measure: 'dashboard throughput vs the bare route', scenario: 'dashboard', of: 'rps', against: 'bare', target: 'reported' },
];

const round = (v: number) => +v.toFixed(2);

/** The ratios of each database at `cases`, one value per run that measured both sides. */
export function anchorRatios(rows: readonly MeasuredRow[], dbs: readonly string[], cases: number): AnchoredRatio[] {
  const out: AnchoredRatio[] = [];
  for (const db of dbs) {
    const ofDb = rows.filter((r) => r.db === db && r.cases === cases);
    const runs = [...new Set(ofDb.map((r) => r.run ?? 1))].sort((a, b) => a - b);
    for (const t of TARGETS) {
      if (t.only !== undefined && t.only !== db) continue;
      const values: number[] = [];
      for (const run of runs) {
        const inRun = (scenario: string) => ofDb.find((r) => (r.run ?? 1) === run && r.scenario === scenario);
        const row = inRun(t.scenario);
        if (!row || !row[t.of]) continue;
        if (t.against === 'ms') {
          values.push(row[t.of]);
          continue;
        }
        const anchor = inRun(t.against === 'me' ? ME_SCENARIO : BARE_SCENARIO);
        if (anchor?.[t.of]) values.push(round(row[t.of] / anchor[t.of]));
      }
      const result = values.length === 0 ? 'not measured' : !t.met ? 'reported' : values.every(t.met) ? 'met' : 'missed';
      const range = values.length === 0 ? '' : `${Math.min(...values)}-${Math.max(...values)}`;
      out.push({ db, measure: t.measure, target: t.target, values, perRun: values.join(', '), range, result });
    }
  }
  return out;
}
