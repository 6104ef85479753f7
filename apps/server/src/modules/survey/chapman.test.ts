import { describe, expect, it } from 'vitest';
import { chapman, coverageEstimate, normalQuantile, wilson } from './chapman';

describe('chapman', () => {
  // Pine, W. E., Hightower, J. E., Coggins, L. G., Lauretta, M. V. and Pollock, K. H. (2013), Box 11.2 in
  // Zale, Parrish and Sutton (eds.) Fisheries Techniques, 3rd ed., American Fisheries Society: M = 421,
  // C = 332, R = 88 give N = 1578 with the normal 95% interval 1330 to 1826 (also checked in the
  // FSA package's validation tests of mrClosed, droglenc/FSA).
  it('matches the worked example of Pine et al. (2013) Box 11.2: N 1578, 95% interval 1330 to 1826', () => {
    const n = chapman({ marked: 421, counted: 332, resighted: 88 });
    expect(Math.round(n.population)).toBe(1578);
    expect(Math.round(n.lower)).toBe(1330);
    expect(Math.round(n.upper)).toBe(1826);
  });

  // Seber, G. A. F. (1982, 2nd ed. 2002), The Estimation of Animal Abundance, Tables 3.7 and 3.8: M = 500,
  // C = 149, R = 7 give Chapman's N = 9393 with a standard error of 3022.
  it('matches Seber (1982) Tables 3.7 and 3.8: N 9393, standard error 3022', () => {
    const n = chapman({ marked: 500, counted: 149, resighted: 7 });
    expect(Math.round(n.population)).toBe(9393);
    expect(Math.round(n.standardError)).toBe(3022);
  });

  // Krebs, C. J. (1989), Ecological Methodology, Box 2.1: M = 948, C = 421, R = 167, Chapman's N = 2383.
  it('matches Krebs (1989) Box 2.1: N 2383', () => {
    expect(Math.round(chapman({ marked: 948, counted: 421, resighted: 167 }).population)).toBe(2383);
  });

  it('gives a finite estimate when no notched dog is seen (R = 0), its lower end the dogs known', () => {
    const n = chapman({ marked: 10, counted: 20, resighted: 0 });
    expect(n.population).toBe(11 * 21 - 1);
    expect(Number.isFinite(n.upper)).toBe(true);
    expect(n.lower).toBe(30);
  });

  it('gives the marked dogs alone when nothing is counted, with no spread', () => {
    expect(chapman({ marked: 12, counted: 0, resighted: 0 })).toMatchObject({ population: 12, standardError: 0, lower: 12, upper: 12 });
  });

  it('gives no spread when every dog seen is notched and all the marked were seen (R = C = M)', () => {
    expect(chapman({ marked: 5, counted: 5, resighted: 5 })).toMatchObject({ population: 5, standardError: 0 });
  });

  it('refuses more notched dogs than counted, and counts that are not whole', () => {
    expect(() => chapman({ marked: 5, counted: 3, resighted: 4 })).toThrow(RangeError);
    expect(() => chapman({ marked: 1.5, counted: 3, resighted: 1 })).toThrow(RangeError);
  });
});

describe('coverageEstimate', () => {
  it('turns the interval of N into the share sterilised, the larger N giving the smaller share', () => {
    const e = coverageEstimate({ marked: 421, counted: 332, resighted: 88, vaccinated: 0 });
    expect(e.shareSterilised).toBeCloseTo(421 / 1577.94, 3);
    expect(e.shareSterilisedInterval?.lower).toBeCloseTo(421 / 1826.0, 3);
    expect(e.shareSterilisedInterval?.upper).toBeCloseTo(421 / 1329.9, 3);
    expect(e.cautions).toEqual([]);
  });

  it('makes no estimate, and says why, when more notched dogs are seen than the programme marked', () => {
    const e = coverageEstimate({ marked: 2, counted: 10, resighted: 4, vaccinated: 3 });
    expect(e).toMatchObject({ population: null, shareSterilised: null, populationInterval: null, shareVaccinated: 0.3, cautions: ['fewResights', 'moreNotchedThanMarked'] });
  });

  it('never gives an interval whose lower end is above its upper end', () => {
    const n = chapman({ marked: 3, counted: 12, resighted: 3 });
    expect(n.lower).toBeLessThanOrEqual(n.upper);
    expect(n.lower).toBe(12);
  });

  it('makes no estimate from a walk that counted nothing', () => {
    expect(coverageEstimate({ marked: 3, counted: 0, resighted: 0, vaccinated: 0 })).toMatchObject({ population: null, shareSterilised: null, cautions: ['nothingCounted'] });
  });
});

describe('wilson and the normal quantile', () => {
  it('gives 1.95996 for the 97.5% point, where probit alone gives 1.9572', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 4);
  });

  // Newcombe, R. G. (1998), Two-sided confidence intervals for the single proportion, Statistics in
  // Medicine 17: 857-872, Table I: 81/263 gives the Wilson interval 0.2553 to 0.3662.
  it('matches Newcombe (1998) Table I for 81 of 263: 0.2553 to 0.3662', () => {
    const w = wilson(81, 263);
    expect(w.lower).toBeCloseTo(0.2553, 4);
    expect(w.upper).toBeCloseTo(0.3662, 4);
  });
});
