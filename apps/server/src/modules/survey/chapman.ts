import type { CoverageEstimate } from '@rescuedesk/shared';
import { errorFunction, probit } from 'simple-statistics';

/**
 * The coverage estimate of one survey (docs/coverage.md#the-estimate): Chapman's (1951) bias-corrected
 * Lincoln-Petersen estimator of a closed population, with Seber's (1970, 1982 §3.1.1) variance and a
 * normal-approximation 95% interval; the share sterilised M/N with the interval of N carried over;
 * the share vaccinated with Wilson's score interval.
 */

/** Below this many notched dogs seen the estimate is rough (Robson and Regier 1964: bias matters under 7). */
export const FEW_RESIGHTS = 7;

/**
 * The standard normal quantile: simple-statistics' probit is an approximation good to about 3e-3
 * (1.9572 for 97.5%); one Newton step on its error function brings it to within 1e-5 (1.95996).
 */
export function normalQuantile(p: number): number {
  const z = probit(p);
  const cdf = 0.5 * (1 + errorFunction(z / Math.SQRT2));
  const density = Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);
  return z - (cdf - p) / density;
}

const Z95 = normalQuantile(0.975);

export interface ChapmanInput {
  /** M: dogs known sterilised (ear-notched) in the ward by the survey's date. */
  marked: number;
  /** C: dogs counted on the walk. */
  counted: number;
  /** R: the notched dogs among them. */
  resighted: number;
}

export interface ChapmanResult {
  population: number;
  variance: number;
  standardError: number;
  lower: number;
  upper: number;
}

/**
 * N = (M+1)(C+1)/(R+1) - 1, var = (M+1)(C+1)(M-R)(C-R) / ((R+1)^2 (R+2)); the interval N ± z·SE, its
 * lower end never below the dogs known to exist (M + C - R: the sterilised ones and the unnotched
 * seen). R above M (notched dogs the programme did not record) has no meaning for the estimator: the
 * variance would be negative, so it is taken as zero (coverageEstimate makes no estimate then).
 */
export function chapman({ marked: m, counted: c, resighted: r }: ChapmanInput): ChapmanResult {
  if (![m, c, r].every((v) => Number.isInteger(v) && v >= 0) || r > c) throw new RangeError('M, C and R must be whole numbers with R <= C');
  const population = ((m + 1) * (c + 1)) / (r + 1) - 1;
  const variance = Math.max(0, ((m + 1) * (c + 1) * (m - r) * (c - r)) / ((r + 1) ** 2 * (r + 2)));
  const standardError = Math.sqrt(variance);
  const known = Math.max(m, m + c - r);
  const lower = Math.max(known, population - Z95 * standardError);
  return { population, variance, standardError, lower, upper: Math.max(lower, population + Z95 * standardError) };
}

/** Wilson's score interval for a proportion x/n (Wilson 1927), at 95%. */
export function wilson(x: number, n: number): { lower: number; upper: number } {
  const p = x / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { lower: Math.max(0, centre - half), upper: Math.min(1, centre + half) };
}

const clampShare = (v: number) => Math.min(1, Math.max(0, v));

/** The estimate a survey's page shows, from M, C, R and the vaccinated count V. */
export function coverageEstimate(input: ChapmanInput & { vaccinated: number }): CoverageEstimate {
  const { marked, counted, resighted, vaccinated } = input;
  const cautions: CoverageEstimate['cautions'] = [];
  const none = { population: null, standardError: null, populationInterval: null, shareSterilised: null, shareSterilisedInterval: null };
  if (counted === 0) {
    cautions.push('nothingCounted');
    return { marked, counted, resighted, ...none, shareVaccinated: null, shareVaccinatedInterval: null, cautions };
  }
  if (resighted < FEW_RESIGHTS) cautions.push('fewResights');
  const vaccination = { shareVaccinated: vaccinated / counted, shareVaccinatedInterval: wilson(vaccinated, counted) };
  // More notched dogs seen than the programme marked here: the marks are not the programme's alone, and N would be below the dogs seen.
  if (resighted > marked) {
    cautions.push('moreNotchedThanMarked');
    return { marked, counted, resighted, ...none, ...vaccination, cautions };
  }
  const n = chapman(input);
  const share = n.population > 0 ? clampShare(marked / n.population) : null;
  return {
    marked,
    counted,
    resighted,
    population: n.population,
    standardError: n.standardError,
    populationInterval: { lower: n.lower, upper: n.upper },
    shareSterilised: share,
    // The share falls as N grows: N's upper end gives the share's lower end.
    shareSterilisedInterval: share === null ? null : { lower: clampShare(marked / n.upper), upper: n.lower > 0 ? clampShare(marked / n.lower) : 1 },
    ...vaccination,
    cautions,
  };
}
