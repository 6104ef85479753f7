import { latestEventMoment, wallClockAt } from '@rescuedesk/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, useTwoNgoWorld } from '../../../test/api';
import { REPORTING, newCase, ok, refused, snapshot } from '../../../test/cases';
import { createNgo } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { CaseRepository } from './case.repository';
import { casesWithDatesOutOfOrder } from './date-order-check';
import { PostOpDayRepository } from './post-op-day.repository';

/** A case's dates tell what happened, in order (docs/product.md#dates-of-a-case), on both databases. */
const ctx = useTwoNgoWorld();

const REPORTER = '/api/case/updateReportingDetail';
const MEDICAL = '/api/case/updateMedicalDetail';
const OPERATION = '/api/case/updateOperationDetail';
const POST_OP = '/api/case/updatePostOperationDetail';
const ADD_DAY = '/api/case/addPostOpDay';
const UPDATE_DAY = '/api/case/updatePostOpDay';

/** The test servers keep the default calendar, India's. */
const ZONE = 'Asia/Kolkata';
const DAY_MS = 86_400_000;
/** A date two days ahead on the NGOs' calendar: in the future whatever the hour. */
const inTwoDays = () => wallClockAt(Date.now() + 2 * DAY_MS, ZONE).date;
/** Today on the NGOs' calendar. */
const today = () => wallClockAt(Date.now(), ZONE).date;

const FUTURE = /is in the future: record only what has happened$/;

describe('dates in the future', () => {
  it('refuses an event date after today in every step, naming the field, and saves nothing', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    const before = await snapshot(ctx, id);
    const future = inTwoDays();
    const cases: Array<[string, object, string]> = [
      [REPORTER, { ...REPORTING, reportedDate: future }, 'Reported Date'],
      [REPORTER, { ...REPORTING, pickupDate: future }, 'Pickup Date'],
      [REPORTER, { captureDate: future }, 'Capture Date'],
      [MEDICAL, { admissionDate: future }, 'Admission Date'],
      [MEDICAL, { vaccinationDate: future }, 'Vaccination Date'],
      [OPERATION, { operationDate: future }, 'Operation Date'],
      [POST_OP, { popStartDate: future }, 'Post-operation Start Date'],
      [POST_OP, { popEndDate: future }, 'Post-operation End Date'],
      [POST_OP, { releaseDate: future }, 'Release Date'],
      [POST_OP, { deathDate: future }, 'Date of Death'],
    ];
    for (const [url, body, label] of cases) await refused(worker, url, { caseId: id, ...body }, 422, `${label} (${future}) is in the future: record only what has happened`);
    expect(await snapshot(ctx, id)).toBe(before);
  });

  it('refuses a capture in 2099 or in the year 0000', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await refused(worker, REPORTER, { caseId: id, captureDate: '2099-06-01' }, 422, 'Capture Date (2099-06-01) is in the future: record only what has happened');
    await refused(worker, REPORTER, { caseId: id, captureDate: '0000-01-01' }, 422, 'Capture Date (0000-01-01) is before 2000-01-01: check the year');
  });

  it("takes today on the NGOs' calendar, and a time up to the clock skew ahead, not later", async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await ok(worker, MEDICAL, { caseId: id, admissionDate: today() });
    // Three minutes ahead is within the 5 minutes allowed (on the next day, just before midnight).
    const soon = latestEventMoment(Date.now(), 3, ZONE);
    await ok(worker, REPORTER, { caseId: id, captureDate: soon.date, captureTime: soon.time });
    const later = latestEventMoment(Date.now(), 10, ZONE);
    await refused(worker, POST_OP, { caseId: id, releaseDate: later.date, releaseTime: later.time }, 422, FUTURE);
  });

  it('reports the future date of a save in Hindi when the request asks for it', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    const future = inTwoDays();
    const response = await ctx.t.app.inject({ method: 'POST', url: OPERATION, payload: { caseId: id, operationDate: future }, headers: { cookie: worker.cookie, 'accept-language': 'hi' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(`ऑपरेशन की तारीख (${future}) आगे का समय है: सिर्फ़ वही दर्ज करें जो हो चुका है`);
  });
});

describe('the order of events', () => {
  it("checks a save against the other steps' stored dates, naming both fields, and saves nothing", async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await ok(worker, REPORTER, { caseId: id, ...REPORTING, reportedDate: '2026-11-15', reportedTime: '09:00' });
    const before = await snapshot(ctx, id);
    // Case #39 of issue 33, its dates moved into the past: an operation and a release before the report.
    await refused(worker, OPERATION, { caseId: id, operationDate: '2026-11-10' }, 422, 'Operation Date (2026-11-10) cannot be before Reported Date (2026-11-15)');
    await refused(worker, POST_OP, { caseId: id, releaseDate: '2026-11-01' }, 422, 'Release Date (2026-11-01) cannot be before Reported Date (2026-11-15)');
    await refused(worker, MEDICAL, { caseId: id, admissionDate: '2026-11-14' }, 422, 'Admission Date (2026-11-14) cannot be before Reported Date (2026-11-15)');
    await refused(worker, REPORTER, { caseId: id, captureDate: '2026-11-15', captureTime: '08:30' }, 422, 'Capture Time (2026-11-15 08:30) cannot be before Reported Time (2026-11-15 09:00)');
    expect(await snapshot(ctx, id)).toBe(before);

    await ok(worker, REPORTER, { caseId: id, captureDate: '2026-11-16' });
    await ok(worker, OPERATION, { caseId: id, operationDate: '2026-11-18', operationStartTime: '10:00', operationEndTime: '10:45' });
    await ok(worker, POST_OP, { caseId: id, popStartDate: '2026-11-18', popEndDate: '2026-11-21' });
    const steps = await snapshot(ctx, id);
    await refused(worker, MEDICAL, { caseId: id, vaccinationDate: '2026-11-15' }, 422, 'Vaccination Date (2026-11-15) cannot be before Capture Date (2026-11-16)');
    await refused(worker, POST_OP, { caseId: id, popStartDate: '2026-11-17' }, 422, 'Post-operation Start Date (2026-11-17) cannot be before Operation Date (2026-11-18)');
    await refused(worker, POST_OP, { caseId: id, releaseDate: '2026-11-20' }, 422, 'Release Date (2026-11-20) cannot be before Post-operation End Date (2026-11-21)');
    await refused(worker, POST_OP, { caseId: id, popEndDate: null, releaseDate: '2026-11-18', releaseTime: '10:30' }, 422, 'Release Time (2026-11-18 10:30) cannot be before Operation End Time (2026-11-18 10:45)');
    await refused(worker, POST_OP, { caseId: id, deathDate: '2026-11-17', deathTiming: 'After surgery' }, 422, 'Date of Death (2026-11-17) cannot be before Post-operation End Date (2026-11-21)');
    // Moving an earlier event past a later one is refused the same way, from its own step.
    await refused(worker, REPORTER, { caseId: id, reportedDate: '2026-11-19' }, 422, 'Capture Date (2026-11-16) cannot be before Reported Date (2026-11-19)');
    await refused(worker, OPERATION, { caseId: id, operationDate: '2026-11-22' }, 422, 'Post-operation Start Date (2026-11-18) cannot be before Operation Date (2026-11-22)');
    expect(await snapshot(ctx, id)).toBe(steps);
    await ok(worker, POST_OP, { caseId: id, releaseDate: '2026-11-21', releaseTime: '07:00' });
  });

  it('keeps the daily log after the operation, and none of its days in the future', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await ok(worker, OPERATION, { caseId: id, operationDate: '2026-11-20' });
    const before = await snapshot(ctx, id);
    await refused(worker, ADD_DAY, { caseId: id, dayNumber: 1, logDate: '2026-11-19' }, 422, 'Date of post-op day 1 (2026-11-19) cannot be before Operation Date (2026-11-20)');
    await refused(worker, ADD_DAY, { caseId: id, dayNumber: 1, logDate: inTwoDays() }, 422, `Date of post-op day 1 (${inTwoDays()}) is in the future: record only what has happened`);
    expect(await snapshot(ctx, id)).toBe(before);
    const day = (await ok(worker, ADD_DAY, { caseId: id, dayNumber: 1, logDate: '2026-11-21' })).postOpDays[0];
    await refused(worker, UPDATE_DAY, { id: day.id, dayNumber: 3, logDate: '2026-11-18' }, 422, 'Date of post-op day 3 (2026-11-18) cannot be before Operation Date (2026-11-20)');
    // The operation cannot move past a day already logged.
    await refused(worker, OPERATION, { caseId: id, operationDate: '2026-11-22' }, 422, 'Date of post-op day 1 (2026-11-21) cannot be before Operation Date (2026-11-22)');
    await ok(worker, OPERATION, { caseId: id, operationDate: '2026-11-21' });
  });

  it('lets only one of two saves that together break the order through, whichever runs first', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    const [reported, operated] = await Promise.all([
      worker.post(REPORTER, { caseId: id, ...REPORTING, reportedDate: '2026-11-15' }),
      worker.post(OPERATION, { caseId: id, operationDate: '2026-11-10' }),
    ]);
    expect([reported.statusCode, operated.statusCode].sort()).toEqual([200, 422]);
    const saved = (await worker.post('/api/case/getCaseById', { id })).json().data;
    expect(saved.reportingDetail.reportedDate === null || saved.operationDetail.operationDate === null).toBe(true);
  });

  it('lets a save of other fields through on a case stored out of order before the rule', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await ctx.t.database.db.updateTable('cases').set({ reported_date: '2027-03-15', operation_date: '2026-12-10', release_date: '2027-01-01' }).where('id', '=', id).execute();
    await ok(worker, '/api/case/updateAnimalDetail', { caseId: id, animalColor: 'brown' });
    await refused(worker, OPERATION, { caseId: id, operationStartTime: '10:00' }, 422, 'Operation Date (2026-12-10) is in the future: record only what has happened');
  });
});

describe('the one-off check of stored dates', () => {
  it('lists the stored cases whose dates are out of order, deleted ones too, and changes nothing', async () => {
    const { world, t } = ctx;
    const worker = world.inA.Worker;
    const fine = await newCase(worker);
    await ok(worker, REPORTER, { caseId: fine, ...REPORTING });
    const backwards = await newCase(worker);
    const logged = await newCase(world.inB.Worker);
    const deleted = await newCase(worker);
    const { db } = t.database;
    await db.updateTable('cases').set({ reported_date: '2026-11-15', operation_date: '2026-11-10' }).where('id', '=', backwards).execute();
    await db.updateTable('cases').set({ release_date: '2026-11-20', death_date: '2026-11-18' }).where('id', '=', deleted).execute();
    await ok(world.inB.Worker, ADD_DAY, { caseId: logged, dayNumber: 1, logDate: '2026-11-10' });
    await db.updateTable('cases').set({ operation_date: '2026-11-12' }).where('id', '=', logged).execute();
    await ok(world.inA.Manager, '/api/case/deleteCase', { caseId: deleted });
    const before = await snapshot(ctx, backwards);

    const found = await casesWithDatesOutOfOrder({ cases: new CaseRepository(db), postOpDays: new PostOpDayRepository(db) });
    expect(found).toEqual([
      { id: backwards, ngoId: world.a.id, deleted: false, problem: 'Operation Date (2026-11-10) cannot be before Reported Date (2026-11-15)' },
      { id: logged, ngoId: world.b.id, deleted: false, problem: 'Date of post-op day 1 (2026-11-10) cannot be before Operation Date (2026-11-12)' },
      { id: deleted, ngoId: world.a.id, deleted: true, problem: 'Date of Death (2026-11-18) cannot be before Release Date (2026-11-20)' },
    ]);
    expect(await snapshot(ctx, backwards)).toBe(before);
  });
});

describe('plausible values', () => {
  it('refuses a weight no animal of the species has, naming the weight and the species', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    const animal = '/api/case/updateAnimalDetail';
    await refused(worker, animal, { caseId: id, animalSpecies: 'Dog', animalWeight: 250 }, 422, 'Weight (250 kg) is more than a Dog can weigh (at most 160 kg): check Weight and Species');
    await ok(worker, animal, { caseId: id, animalSpecies: 'Dog', animalWeight: '42.5' });
    await refused(worker, animal, { caseId: id, animalSpecies: 'Cat' }, 422, /^Weight \(42\.5 kg\) is more than a Cat can weigh \(at most 25 kg\)/);
    await ok(worker, animal, { caseId: id, animalSpecies: 'Other', animalWeight: 420 });
  });

  it('refuses post-operative care or a log day beyond a year', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await refused(worker, POST_OP, { caseId: id, popExpectedDays: 400 }, 422, 'Expected Days must be at most 365');
    await refused(worker, ADD_DAY, { caseId: id, dayNumber: 400 }, 422, 'Day Number must be at most 365');
  });

  it('refuses control characters other than tab and line breaks in every text, and takes those', async () => {
    const { world } = ctx;
    const worker = world.inA.Worker;
    const id = await newCase(worker);
    const message = (label: string) => `${label} holds a control character (such as Esc) that cannot be saved: type the text again without it`;
    await refused(worker, REPORTER, { caseId: id, ...REPORTING, reporterName: 'Anita\u001b[2J' }, 422, message('Reporter Name'));
    await refused(worker, '/api/case/updateMedicalDetail', { caseId: id, medicalHistory: 'ring\u0007' }, 422, message('Medical History'));
    await refused(worker, '/api/case/updateCase', { caseId: id, causeOfFailure: 'x\u0001y' }, 422, message('Cause of Failure'));
    await refused(worker, '/api/reporter/createReporter', { name: 'Ravi\u0085', contact: '+91 98450 12345' }, 422, /holds a control character/);
    await refused(world.inA.Founder, '/api/ngo/updateNgo', { ngoId: world.a.id, mission: 'Care\u007f' }, 422, /holds a control character/);
    const saved = await ok(worker, '/api/case/updateMedicalDetail', { caseId: id, medicalHistory: 'Day 1:\tfever\r\nDay 2:\tnone' });
    expect(saved.medicalDetail.medicalHistory).toBe('Day 1:\tfever\r\nDay 2:\tnone');
  });

  it('treats a release reason of invisible characters only as no reason at all', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await ok(worker, REPORTER, { caseId: id, ...REPORTING, captureLatitude: 12.9716, captureLongitude: 77.5946 });
    const far = { releaseLatitude: +(12.9716 + 1200 / 111_195).toFixed(7), releaseLongitude: 77.5946 };
    for (const reason of ['\u200b', '\u00ad', '\u200d', '\ufeff', '\u200f\u202e', ' \u2060 ']) {
      await refused(worker, POST_OP, { caseId: id, ...far, releaseOverrideReason: reason }, 422, /^The release point is 1200 m from the capture point/);
    }
    await ok(worker, POST_OP, { caseId: id, ...far, releaseOverrideReason: 'Street flooded' });
    await refused(worker, POST_OP, { caseId: id, releaseOverrideReason: '\u200b' }, 422, /^The release point is 1200 m from the capture point/);
  });
});

describe('GPS accuracy of the release check', () => {
  const capture = { captureLatitude: 12.9716, captureLongitude: 77.5946 };
  const near = { releaseLatitude: +(12.9716 + 100 / 111_195).toFixed(7), releaseLongitude: 77.5946 };

  it('keeps the accuracy with each point', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await ok(worker, REPORTER, { caseId: id, ...REPORTING, ...capture, captureAccuracy: 12.5 });
    const saved = await ok(worker, POST_OP, { caseId: id, ...near, releaseAccuracy: 30 });
    expect(saved.reportingDetail.captureAccuracy).toBe(12.5);
    expect(saved.postOperationDetail.releaseAccuracy).toBe(30);
    expect(saved).toMatchObject({ releaseDistanceM: 100, releaseFlagged: false });
  });

  it("flags a release whose fix is less precise than the NGO's limit as unverified, asking a reason, never as passed", async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await ok(worker, REPORTER, { caseId: id, ...REPORTING, ...capture, captureAccuracy: 10 });
    const before = await snapshot(ctx, id);
    const unverified =
      "The release point cannot be checked against the capture point: a GPS fix is accurate only to ±650 m, worse than this NGO's limit of 500 m. Fill in Reason for Release Away from Capture Point to record it";
    await refused(worker, POST_OP, { caseId: id, ...near, releaseAccuracy: 650 }, 422, unverified);
    expect(await snapshot(ctx, id)).toBe(before);
    const saved = await ok(worker, POST_OP, { caseId: id, ...near, releaseAccuracy: 650, releaseOverrideReason: 'GPS weak under the flyover; released at the tea stall as caught' });
    expect(saved).toMatchObject({ releaseDistanceM: 100, releaseFlagged: true });
    // A precise fix taken again clears the flag; a poor capture fix flags it again.
    expect(await ok(worker, POST_OP, { caseId: id, releaseAccuracy: 8 })).toMatchObject({ releaseFlagged: false });
    expect(await ok(worker, REPORTER, { caseId: id, captureAccuracy: 900 })).toMatchObject({ releaseFlagged: true });
  });
});

describe('the clock settings', () => {
  let apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
    apps = [];
  });

  async function workerOn(env: Record<string, string>) {
    const t = await createTestApp(env);
    apps.push(t);
    const ngo = await createNgo(t.database.db);
    const worker = await signIn(t, 'Worker', ngo.id);
    return { worker, caseId: await newCase(worker) };
  }

  it("reads today on the configured NGOs' calendar, not the server's", async () => {
    // Kiritimati (UTC+14) is always a day ahead of Pago Pago (UTC-11): its today is Pago Pago's tomorrow.
    const kiritimatiToday = wallClockAt(Date.now(), 'Pacific/Kiritimati').date;
    const east = await workerOn({ TIME_ZONE: 'Pacific/Kiritimati' });
    await ok(east.worker, MEDICAL, { caseId: east.caseId, admissionDate: kiritimatiToday });
    const west = await workerOn({ TIME_ZONE: 'Pacific/Pago_Pago' });
    await refused(west.worker, MEDICAL, { caseId: west.caseId, admissionDate: kiritimatiToday }, 422, FUTURE);
  });

  it('allows the configured clock skew (CLOCK_SKEW_MINUTES)', async () => {
    const strict = await workerOn({ CLOCK_SKEW_MINUTES: '0' });
    const ahead = latestEventMoment(Date.now(), 3, ZONE);
    await refused(strict.worker, REPORTER, { caseId: strict.caseId, captureDate: ahead.date, captureTime: ahead.time }, 422, FUTURE);
    const lenient = await workerOn({ CLOCK_SKEW_MINUTES: '30' });
    const later = latestEventMoment(Date.now(), 20, ZONE);
    await ok(lenient.worker, REPORTER, { caseId: lenient.caseId, captureDate: later.date, captureTime: later.time });
  });
});
