import { describe, expect, it } from 'vitest';
import { DATE_ORDER_RULES, EARLIEST_EVENT_DATE, POST_OP_DAYS_KEY, latestEventMoment, wallClockAt } from './case-dates';
import { caseRuleProblem, caseRuleProblems, type CaseState } from './case-rules';

/** 2026-11-28 22:11 UTC: already 29 November in India (03:41 IST), still the 28th in California. */
const INSTANT = Date.UTC(2026, 10, 28, 22, 11);
/** The moment the rules are given: 28 November 2026, 18:00 on the NGO's clock. */
const AT_SIX_PM = { latest: { date: '2026-11-28', time: '18:00' } };
const all = (state: CaseState) => caseRuleProblem(state, 'all', AT_SIX_PM);
const touching = (state: CaseState, ...fields: string[]) => caseRuleProblem(state, new Set(fields), AT_SIX_PM);

describe('the wall clock of a time zone', () => {
  it('reads the date and time of the zone, not of the runtime', () => {
    expect(wallClockAt(INSTANT, 'Asia/Kolkata')).toEqual({ date: '2026-11-29', time: '03:41' });
    expect(wallClockAt(INSTANT, 'UTC')).toEqual({ date: '2026-11-28', time: '22:11' });
    expect(wallClockAt(INSTANT, 'America/Los_Angeles')).toEqual({ date: '2026-11-28', time: '14:11' });
  });

  it('allows the clock skew, into the next day when it crosses midnight', () => {
    expect(latestEventMoment(INSTANT, 5, 'Asia/Kolkata')).toEqual({ date: '2026-11-29', time: '03:46' });
    expect(latestEventMoment(Date.UTC(2026, 10, 28, 18, 27), 5, 'Asia/Kolkata')).toEqual({ date: '2026-11-29', time: '00:02' });
    expect(latestEventMoment(INSTANT, 0, 'UTC')).toEqual({ date: '2026-11-28', time: '22:11' });
  });
});

describe('dates in the future', () => {
  it('refuses a date after today, naming the field, and takes today', () => {
    expect(all({ reportedDate: '2027-03-15' })).toBe('Reported Date (2027-03-15) is in the future: record only what has happened');
    expect(all({ captureDate: '2099-01-01' })).toBe('Capture Date (2099-01-01) is in the future: record only what has happened');
    expect(all({ vaccinationDate: '2026-11-29' })).toBe('Vaccination Date (2026-11-29) is in the future: record only what has happened');
    for (const field of ['reportedDate', 'pickupDate', 'captureDate', 'admissionDate', 'vaccinationDate', 'operationDate', 'popStartDate', 'popEndDate', 'releaseDate', 'deathDate']) {
      expect(all({ [field]: '2026-11-29' }), field).toMatch(/is in the future/);
      expect(all({ [field]: '2026-11-28' }), field).toBeNull();
    }
  });

  it('refuses a time later than now on today, naming the time field; earlier days take any time', () => {
    expect(all({ reportedDate: '2026-11-28', reportedTime: '18:01' })).toBe('Reported Time (2026-11-28 18:01) is in the future: record only what has happened');
    expect(all({ operationDate: '2026-11-28', operationStartTime: '17:00', operationEndTime: '18:30' })).toBe('Operation End Time (2026-11-28 18:30) is in the future: record only what has happened');
    expect(all({ releaseDate: '2026-11-28', releaseTime: '18:00' })).toBeNull();
    expect(all({ releaseDate: '2026-11-27', releaseTime: '23:59' })).toBeNull();
  });

  it('checks nothing for the future without a clock (the stored data check)', () => {
    expect(caseRuleProblem({ reportedDate: '2099-01-01' }, 'all')).toBeNull();
  });

  it('refuses a date before records began (year 0000), and a vaccine expiry is no event', () => {
    expect(all({ captureDate: '0000-01-01' })).toBe(`Capture Date (0000-01-01) is before ${EARLIEST_EVENT_DATE}: check the year`);
    expect(all({ vaccineExpiry: '2029-12-31' })).toBeNull();
  });
});

describe('the order of events', () => {
  it('refuses case #39 as it was saved: every date in the future', () => {
    const case39 = { reportedDate: '2027-03-15', operationDate: '2026-12-10', releaseDate: '2027-01-01' };
    expect(touching(case39, 'reportedDate')).toBe('Reported Date (2027-03-15) is in the future: record only what has happened');
    expect(touching(case39, 'operationDate')).toBe('Operation Date (2026-12-10) is in the future: record only what has happened');
    expect(touching(case39, 'releaseDate')).toBe('Release Date (2027-01-01) is in the future: record only what has happened');
  });

  it('refuses case #39 moved into the past: an operation and a release before the date it was reported', () => {
    const case39 = { reportedDate: '2026-11-15', operationDate: '2026-11-10', releaseDate: '2026-11-01' };
    expect(all(case39)).toBe('Operation Date (2026-11-10) cannot be before Reported Date (2026-11-15)');
    expect(touching(case39, 'releaseDate')).toBe('Release Date (2026-11-01) cannot be before Operation Date (2026-11-10)');
    expect(touching(case39, 'reportedDate')).toBe('Operation Date (2026-11-10) cannot be before Reported Date (2026-11-15)');
  });

  it('keeps reported ≤ caught, picked up or admitted ≤ operated ≤ post-op care ≤ released or dead', () => {
    const inOrder = {
      reportedDate: '2026-11-01',
      reportedTime: '08:00',
      pickupDate: '2026-11-01',
      pickupTime: '09:00',
      captureDate: '2026-11-01',
      captureTime: '08:30',
      admissionDate: '2026-11-02',
      operationDate: '2026-11-03',
      operationStartTime: '10:00',
      operationEndTime: '10:40',
      popStartDate: '2026-11-03',
      popEndDate: '2026-11-06',
      vaccinationDate: '2026-11-03',
      releaseDate: '2026-11-07',
      releaseTime: '07:00',
      [POST_OP_DAYS_KEY]: [{ dayNumber: 1, logDate: '2026-11-04' }],
    };
    expect(caseRuleProblems(inOrder, 'all', AT_SIX_PM)).toEqual([]);
    const broken: Array<[object, string]> = [
      [{ captureDate: '2026-10-31' }, 'Capture Date (2026-10-31) cannot be before Reported Date (2026-11-01)'],
      [{ pickupTime: '07:59' }, 'Pickup Time (2026-11-01 07:59) cannot be before Reported Time (2026-11-01 08:00)'],
      [{ admissionDate: '2026-10-30' }, 'Admission Date (2026-10-30) cannot be before Reported Date (2026-11-01)'],
      [{ operationDate: '2026-11-01' }, 'Operation Date (2026-11-01) cannot be before Admission Date (2026-11-02)'],
      [{ popStartDate: '2026-11-02' }, 'Post-operation Start Date (2026-11-02) cannot be before Operation Date (2026-11-03)'],
      [{ popEndDate: '2026-11-02' }, 'Post-operation End Date (2026-11-02) cannot be before Post-operation Start Date (2026-11-03)'],
      [{ releaseDate: '2026-11-05' }, 'Release Date (2026-11-05) cannot be before Post-operation End Date (2026-11-06)'],
      [{ deathDate: '2026-11-02', releaseDate: null }, 'Date of Death (2026-11-02) cannot be before Post-operation End Date (2026-11-06)'],
      [{ vaccinationDate: '2026-10-31' }, 'Vaccination Date (2026-10-31) cannot be before Capture Date (2026-11-01)'],
      [{ [POST_OP_DAYS_KEY]: [{ dayNumber: 2, logDate: '2026-11-02' }] }, 'Date of post-op day 2 (2026-11-02) cannot be before Operation Date (2026-11-03)'],
    ];
    for (const [change, message] of broken) expect(all({ ...inOrder, ...change }), message).toBe(message);
  });

  it('compares times on the same day only, a later event against the end of the operation', () => {
    const operation = { operationDate: '2026-11-03', operationStartTime: '10:00', operationEndTime: '10:40' };
    expect(all({ ...operation, releaseDate: '2026-11-03', releaseTime: '10:30' })).toBe('Release Time (2026-11-03 10:30) cannot be before Operation End Time (2026-11-03 10:40)');
    expect(all({ ...operation, releaseDate: '2026-11-03', releaseTime: '10:40' })).toBeNull();
    expect(all({ ...operation, releaseDate: '2026-11-04', releaseTime: '06:00' })).toBeNull();
    expect(all({ ...operation, captureDate: '2026-11-03', captureTime: '11:00' })).toBe('Operation Start Time (2026-11-03 10:00) cannot be before Capture Time (2026-11-03 11:00)');
    // No time on one side: the day decides.
    expect(all({ ...operation, admissionDate: '2026-11-03' })).toBeNull();
  });

  it('lets events of one stage come in any order, and a vaccination before the report', () => {
    expect(all({ captureDate: '2026-11-05', admissionDate: '2026-11-02', pickupDate: '2026-11-04' })).toBeNull();
    expect(all({ reportedDate: '2026-11-05', vaccinationDate: '2026-11-01' })).toBeNull();
  });

  it('names the nearest earlier event out of order', () => {
    expect(all({ reportedDate: '2026-11-01', captureDate: '2026-11-05', operationDate: '2026-11-06', releaseDate: '2026-11-04' })).toBe(
      'Release Date (2026-11-04) cannot be before Operation Date (2026-11-06)',
    );
  });

  it('checks a pair only when the save touches one of its dates, so an old record blocks no other save', () => {
    const old = { reportedDate: '2026-11-15', operationDate: '2026-11-10' };
    expect(touching(old, 'animalColor')).toBeNull();
    expect(touching(old, 'releaseDate')).toBeNull();
    expect(touching(old, 'operationStartTime')).toBe('Operation Date (2026-11-10) cannot be before Reported Date (2026-11-15)');
  });

  it('names both fields of a pair, the one to correct first', () => {
    const [problem] = caseRuleProblems({ reportedDate: '2026-11-15', operationDate: '2026-11-10' }, 'all', {}, DATE_ORDER_RULES);
    expect(problem?.fields).toEqual(['operationDate', 'reportedDate']);
  });
});
