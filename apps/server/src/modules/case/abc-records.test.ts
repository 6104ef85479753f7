import { MESSAGES, haversineMetres } from '@rescuedesk/shared';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../../../test/api';
import { CAPTURE_POINT, REPORTING, newCase, ok, refused, releasePointNorth, snapshot } from '../../../test/cases';

/** ABC programme records (docs/product.md#abc-programme-records): the fields and every rule, on both databases. */
const ctx = useTwoNgoWorld();

const MEDICAL = '/api/case/updateMedicalDetail';
const OPERATION = '/api/case/updateOperationDetail';
const ANIMAL = '/api/case/updateAnimalDetail';
const REPORTER = '/api/case/updateReportingDetail';
const POST_OP = '/api/case/updatePostOperationDetail';

describe('ABC fields', () => {
  it('saves every new field in its step and reads it back', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await ok(worker, REPORTER, {
      caseId: id,
      ...REPORTING,
      // Reported before the squad caught the dog.
      reportedTime: '06:00',
      ...CAPTURE_POINT,
      captureAccuracy: '12.5',
      captureSource: 'device',
      captureDate: '2026-11-20',
      captureTime: '06:40',
      catchingSquad: [worker.id, ctx.world.inA.Manager.id, worker.id],
      wardZone: ' Ward 112 Shanthala Nagar ',
    });
    await ok(worker, ANIMAL, { caseId: id, collarTag: 'R-17', earNotch: 'Left', animalGender: 'Female', animalLactating: 'No' });
    await ok(worker, MEDICAL, {
      caseId: id,
      admissionDate: '2026-11-20',
      fitForSurgery: 'Yes',
      vaccineName: 'Raksharab',
      vaccineBatch: 'RB-2291',
      vaccineExpiry: '2027-03-31',
      vaccinationDate: '2026-11-21',
    });
    await ok(worker, OPERATION, { caseId: id, operationDate: '2026-11-21', operationStartTime: '10:00', operationEndTime: '10:35', surgeryCancelled: 'No' });
    const saved = await ok(worker, POST_OP, { caseId: id, releaseDate: '2026-11-25', releaseTime: '07:10', ...releasePointNorth(120), releaseAccuracy: 8 });

    expect(saved.reportingDetail).toMatchObject({ ...CAPTURE_POINT, captureAccuracy: 12.5, captureSource: 'device', captureDate: '2026-11-20', captureTime: '06:40', wardZone: 'Ward 112 Shanthala Nagar' });
    expect(saved.reportingDetail.catchingSquad).toEqual([worker.id, ctx.world.inA.Manager.id]);
    expect(saved.animalDetail).toMatchObject({ collarTag: 'R-17', earNotch: 'Left', animalLactating: 'No' });
    expect(saved.medicalDetail).toMatchObject({ vaccineName: 'Raksharab', vaccineBatch: 'RB-2291', vaccineExpiry: '2027-03-31', vaccinationDate: '2026-11-21', unfitReason: null });
    expect(saved.operationDetail).toMatchObject({ surgeryCancelled: 'No', cancelReason: null });
    expect(saved.postOperationDetail).toMatchObject({ releaseTime: '07:10', releaseAccuracy: 8, releaseOverrideReason: null, deathDate: null });
    expect(saved.releaseDistanceM).toBe(120);
    expect(saved.releaseFlagged).toBe(false);
    expect(saved.postOpDays).toEqual([]);
    const fresh = (await worker.post('/api/case/getCaseById', { id: await newCase(worker) })).json().data;
    expect(fresh).toMatchObject({ releaseDistanceM: null, releaseFlagged: false, postOpDays: [] });
    expect(fresh.reportingDetail.catchingSquad).toEqual([]);
  });

  it('checks the new fields’ formats, naming the field, and saves nothing', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    const before = await snapshot(ctx, id);
    const cases: Array<[string, object, string]> = [
      [REPORTER, { ...REPORTING, captureLatitude: 91, captureLongitude: 77 }, 'Capture Latitude must be at most 90'],
      [REPORTER, { ...REPORTING, captureLatitude: 12, captureLongitude: -180.5 }, 'Capture Longitude must be at least -180'],
      [REPORTER, { ...REPORTING, captureAccuracy: -1 }, 'Capture Accuracy (m) must be at least 0'],
      [REPORTER, { ...REPORTING, captureAccuracy: 'close' }, 'Capture Accuracy (m) must be a number'],
      [REPORTER, { ...REPORTING, captureSource: 'satellite' }, 'Capture Location Source must be one of device, photo, manual'],
      [REPORTER, { ...REPORTING, captureDate: '2026-02-30' }, 'Capture Date must be a date (YYYY-MM-DD)'],
      [REPORTER, { ...REPORTING, captureTime: '7am' }, 'Capture Time must be a time (hh:mm)'],
      [REPORTER, { ...REPORTING, catchingSquad: ['someone'] }, 'Catching Squad must be a list of staff members'],
      [REPORTER, { ...REPORTING, catchingSquad: 7 }, 'Catching Squad must be a list of staff members'],
      [REPORTER, { ...REPORTING, wardZone: 'x'.repeat(101) }, 'Ward/Zone must be at most 100 characters'],
      [ANIMAL, { collarTag: 'T'.repeat(51) }, 'Collar/Tag Number must be at most 50 characters'],
      [ANIMAL, { earNotch: 'Both' }, 'Ear Notch must be one of Left, Right, Not done'],
      [ANIMAL, { animalLactating: 'Maybe' }, 'Lactating must be one of Yes, No, Not Sure'],
      [MEDICAL, { unfitReason: 'Lazy' }, 'Reason Not Fit for Surgery must be one of Pregnant, Lactating, Too young, Too old, Sick, Injured, Aggressive, Other'],
      [MEDICAL, { vaccineExpiry: '31-03-2027' }, 'Vaccine Expiry Date must be a date (YYYY-MM-DD)'],
      [OPERATION, { surgeryCancelled: 'Perhaps' }, 'Surgery Cancelled must be one of Yes, No'],
      [POST_OP, { releaseLongitude: 181, releaseLatitude: 12 }, 'Release Longitude must be at most 180'],
      [POST_OP, { deathTiming: 'During surgery' }, 'Death Before or After Surgery must be one of Before surgery, After surgery'],
      [POST_OP, { deathDate: 'yesterday' }, 'Date of Death must be a date (YYYY-MM-DD)'],
    ];
    for (const [url, body, message] of cases) {
      const response = await worker.post(url, { caseId: id, ...body });
      expect(response.statusCode, message).toBe(422);
      expect(response.json().message).toContain(message);
    }
    expect(await snapshot(ctx, id)).toBe(before);
  });

  it('needs latitude and longitude of a point together', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await refused(worker, REPORTER, { caseId: id, ...REPORTING, captureLatitude: 12.97 }, 422, 'Capture Longitude is required together with Capture Latitude');
    await refused(worker, POST_OP, { caseId: id, releaseLongitude: 77.59 }, 422, 'Release Latitude is required together with Release Longitude');
  });

  it("saves a capture by the NGO's own squad without a reporter, and needs the reporter's details once a save touches one", async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    const capture = { ...CAPTURE_POINT, captureAccuracy: 9, captureSource: 'device', captureDate: '2026-11-20', captureTime: '06:40', catchingSquad: [worker.id], wardZone: 'Ward 7' };
    const saved = await ok(worker, REPORTER, { caseId: id, ...capture });
    expect(saved.reportingDetail).toMatchObject({ ...CAPTURE_POINT, captureAccuracy: 9, wardZone: 'Ward 7', reporterName: null, pincode: null });
    expect(saved.reportingDetail.catchingSquad).toEqual([worker.id]);

    const before = await snapshot(ctx, id);
    await refused(worker, REPORTER, { caseId: id, landmark: 'Temple gate' }, 422, MESSAGES.requiredDetails);
    await refused(worker, REPORTER, { caseId: id, wardZone: 'Ward 8', pickupDate: '2026-11-20' }, 422, MESSAGES.requiredDetails);
    expect(await snapshot(ctx, id)).toBe(before);

    const withReporter = await ok(worker, REPORTER, { caseId: id, ...REPORTING, reportedTime: '06:00' });
    expect(withReporter.reportingDetail).toMatchObject({ reporterName: REPORTING.reporterName, wardZone: 'Ward 7' });
  });
});

describe('fitness for surgery', () => {
  it('refuses to record an operation for an animal that is not fit for surgery, in either order, saving nothing', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await refused(worker, MEDICAL, { caseId: id, fitForSurgery: 'No' }, 422, 'Reason Not Fit for Surgery is required when the animal is not fit for surgery');
    await ok(worker, MEDICAL, { caseId: id, fitForSurgery: 'No', unfitReason: 'Lactating', unfitNotes: 'Pups about three weeks old nearby' });
    const before = await snapshot(ctx, id);
    const message = 'This animal is not fit for surgery, so no operation can be recorded';
    for (const body of [{ operationDate: '2026-11-21' }, { operationStartTime: '10:00' }, { operationOutcome: 'Success' }, { vetName: 'Dr. Arjun' }, { vetName: 'Dr. Arjun', surgeryCancelled: 'Yes', cancelReason: 'Unfit' }]) {
      const response = await worker.post(OPERATION, { caseId: id, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().message).toMatch(new RegExp(`^${message} \\(`));
    }
    expect(await snapshot(ctx, id)).toBe(before);
    // An empty list records nothing.
    await ok(worker, OPERATION, { caseId: id, organImage: [] });
    // Cancelling the surgery is what an unfit animal's operation step may say.
    await ok(worker, OPERATION, { caseId: id, surgeryCancelled: 'Yes', cancelReason: 'Found lactating on the table' });

    const other = await newCase(worker);
    await ok(worker, OPERATION, { caseId: other, operationDate: '2026-11-21', operationOutcome: 'Success' });
    const operated = await snapshot(ctx, other);
    await refused(worker, MEDICAL, { caseId: other, fitForSurgery: 'No', unfitReason: 'Sick' }, 422, `${message} (Operation Date)`);
    expect(await snapshot(ctx, other)).toBe(operated);
    // Cleared operation, then unfit: allowed.
    await ok(worker, OPERATION, { caseId: other, operationDate: null, operationOutcome: null });
    await ok(worker, MEDICAL, { caseId: other, fitForSurgery: 'No', unfitReason: 'Sick' });
  });

  it('needs a reason for a cancelled surgery', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await refused(worker, OPERATION, { caseId: id, surgeryCancelled: 'Yes' }, 422, 'Cancellation Reason is required when the surgery was cancelled');
    const saved = await ok(worker, OPERATION, { caseId: id, surgeryCancelled: 'Yes', cancelReason: 'Power cut in the theatre' });
    expect(saved.operationDetail).toMatchObject({ surgeryCancelled: 'Yes', cancelReason: 'Power cut in the theatre' });
    await refused(worker, OPERATION, { caseId: id, cancelReason: null }, 422, 'Cancellation Reason is required when the surgery was cancelled');
  });

  it('refuses an operation before admission and an end before the start', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await ok(worker, MEDICAL, { caseId: id, admissionDate: '2026-11-20' });
    await refused(worker, OPERATION, { caseId: id, operationDate: '2026-11-19' }, 422, 'Operation Date (2026-11-19) cannot be before Admission Date (2026-11-20)');
    await ok(worker, OPERATION, { caseId: id, operationDate: '2026-11-20' });
    await refused(worker, MEDICAL, { caseId: id, admissionDate: '2026-11-21' }, 422, 'Operation Date (2026-11-20) cannot be before Admission Date (2026-11-21)');
    await refused(worker, OPERATION, { caseId: id, operationStartTime: '11:00', operationEndTime: '10:15' }, 422, 'Operation End Time (10:15) cannot be before Operation Start Time (11:00)');
    await ok(worker, OPERATION, { caseId: id, operationStartTime: '10:00', operationEndTime: '10:00' });
  });
});

describe('sex-specific fields', () => {
  it('refuses a male animal marked pregnant or lactating, and a change to male of a pregnant animal', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await refused(worker, ANIMAL, { caseId: id, animalGender: 'Male', animalPregnant: 'Yes' }, 422, 'Pregnant cannot be Yes for a male animal');
    await refused(worker, ANIMAL, { caseId: id, animalGender: 'Male', animalLactating: 'Yes' }, 422, 'Lactating cannot be Yes for a male animal');
    await ok(worker, ANIMAL, { caseId: id, animalGender: 'Female', animalLactating: 'Yes' });
    await refused(worker, ANIMAL, { caseId: id, animalGender: 'Male' }, 422, 'Lactating cannot be Yes for a male animal');
    await ok(worker, ANIMAL, { caseId: id, animalGender: 'Male', animalLactating: 'No', animalPregnant: 'Not Sure' });
  });
});

describe('anti-rabies vaccine', () => {
  it('refuses a vaccine given after its expiry date, whichever date comes last', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    const before = await snapshot(ctx, id);
    await refused(
      worker,
      MEDICAL,
      { caseId: id, vaccineName: 'Rabivax-S', vaccineBatch: 'RV-11', vaccineExpiry: '2026-10-31', vaccinationDate: '2026-11-21' },
      422,
      "Vaccination Date (2026-11-21) is after the vaccine's expiry date (2026-10-31): an expired vaccine cannot be recorded",
    );
    expect(await snapshot(ctx, id)).toBe(before);
    await ok(worker, MEDICAL, { caseId: id, vaccineExpiry: '2026-11-21', vaccinationDate: '2026-11-21' });
    await refused(worker, MEDICAL, { caseId: id, vaccineExpiry: '2026-11-20' }, 422, /expired vaccine cannot be recorded$/);
  });
});

describe('capture and release', () => {
  it('refuses a release before the capture, by date and by time on the same day', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await ok(worker, REPORTER, { caseId: id, ...REPORTING, reportedTime: '06:00', captureDate: '2026-11-20', captureTime: '06:40' });
    // The message names both fields by the labels the form shows (docs/product.md#dates-of-a-case).
    await refused(worker, POST_OP, { caseId: id, releaseDate: '2026-11-19' }, 422, 'Release Date (2026-11-19) cannot be before Capture Date (2026-11-20)');
    await refused(worker, POST_OP, { caseId: id, releaseDate: '2026-11-20', releaseTime: '06:30' }, 422, 'Release Time (2026-11-20 06:30) cannot be before Capture Time (2026-11-20 06:40)');
    await ok(worker, POST_OP, { caseId: id, releaseDate: '2026-11-20', releaseTime: '18:00' });
    await refused(worker, REPORTER, { caseId: id, captureDate: '2026-11-21' }, 422, 'Release Date (2026-11-20) cannot be before Capture Date (2026-11-21)');
  });

  it('refuses an operation or a death before the capture, and a release after the death', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await ok(worker, REPORTER, { caseId: id, ...REPORTING, reportedDate: '2026-06-01', captureDate: '2026-06-02' });
    await refused(worker, OPERATION, { caseId: id, operationDate: '2026-06-01' }, 422, 'Operation Date (2026-06-01) cannot be before Capture Date (2026-06-02)');
    await refused(worker, POST_OP, { caseId: id, deathDate: '2026-06-01', deathTiming: 'Before surgery' }, 422, 'Date of Death (2026-06-01) cannot be before Capture Date (2026-06-02)');
    await ok(worker, POST_OP, { caseId: id, deathDate: '2026-06-04', deathTiming: 'After surgery' });
    // Counted dead in June, the dog cannot also be counted released after it.
    await refused(worker, POST_OP, { caseId: id, releaseDate: '2026-06-05' }, 422, 'Date of Death (2026-06-04) cannot be before Release Date (2026-06-05)');
    await ok(worker, POST_OP, { caseId: id, releaseDate: '2026-06-03' });
  });

  it('works out the distance on every save that changes a point, flags a release beyond the limit and needs a reason for it', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    const first = await ok(worker, REPORTER, { caseId: id, ...REPORTING, ...CAPTURE_POINT });
    expect(first.releaseDistanceM).toBeNull();
    const near = await ok(worker, POST_OP, { caseId: id, ...releasePointNorth(300) });
    const expected = Math.round(haversineMetres({ lat: CAPTURE_POINT.captureLatitude, lon: CAPTURE_POINT.captureLongitude }, { lat: releasePointNorth(300).releaseLatitude, lon: CAPTURE_POINT.captureLongitude }));
    expect(near).toMatchObject({ releaseDistanceM: expected, releaseFlagged: false });
    expect(expected).toBe(300);

    const before = await snapshot(ctx, id);
    await refused(
      worker,
      POST_OP,
      { caseId: id, ...releasePointNorth(1200) },
      422,
      "The release point is 1200 m from the capture point, farther than this NGO's limit of 500 m: fill in Reason for Release Away from Capture Point to record it",
    );
    expect(await snapshot(ctx, id)).toBe(before);
    const far = await ok(worker, POST_OP, { caseId: id, ...releasePointNorth(1200), releaseOverrideReason: 'Capture street flooded; released at the nearest dry lane' });
    expect(far).toMatchObject({ releaseDistanceM: 1200, releaseFlagged: true });
    // The reason cannot be cleared while the release stays flagged.
    await refused(worker, POST_OP, { caseId: id, releaseOverrideReason: null }, 422, /1200 m from the capture point/);

    // A new capture point (the reporter step) is measured again: now 100 m from the release.
    const moved = await ok(worker, REPORTER, { caseId: id, captureLatitude: releasePointNorth(1100).releaseLatitude });
    expect(moved).toMatchObject({ releaseDistanceM: 100, releaseFlagged: false });
    // Beyond the limit again from the reporter step: the stored reason still covers it.
    const again = await ok(worker, REPORTER, { caseId: id, captureLatitude: CAPTURE_POINT.captureLatitude });
    expect(again).toMatchObject({ releaseDistanceM: 1200, releaseFlagged: true });

    // Without a reason on the case, moving the capture point away is refused.
    const other = await newCase(worker);
    await ok(worker, REPORTER, { caseId: other, ...REPORTING, ...CAPTURE_POINT });
    await ok(worker, POST_OP, { caseId: other, ...releasePointNorth(50) });
    await refused(worker, REPORTER, { caseId: other, captureLatitude: releasePointNorth(-700).releaseLatitude }, 422, /^The release point is 750 m from the capture point/);
    // Clearing a point clears the distance and the flag.
    const cleared = await ok(worker, POST_OP, { caseId: id, releaseLatitude: null, releaseLongitude: null });
    expect(cleared).toMatchObject({ releaseDistanceM: null, releaseFlagged: false });
  });

  it('never takes the distance or the flag from a request', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await ok(worker, REPORTER, { caseId: id, ...REPORTING, ...CAPTURE_POINT });
    const saved = await ok(worker, POST_OP, { caseId: id, ...releasePointNorth(40), releaseDistanceM: 9999, releaseFlagged: true, release_distance_m: 1 });
    expect(saved).toMatchObject({ releaseDistanceM: 40, releaseFlagged: false });
  });

  it("measures against each NGO's own limit, which only its Admin or Founder changes", async () => {
    const { world } = ctx;
    expect((await world.inA.Founder.post('/api/ngo/getNgoById', { ngoId: world.a.id })).json().data.releaseThresholdM).toBe(500);
    expect((await ok(world.inB.Founder, '/api/ngo/updateNgo', { ngoId: world.b.id, releaseThresholdM: '2000' })).releaseThresholdM).toBe(2000);
    await refused(world.inA.Founder, '/api/ngo/updateNgo', { ngoId: world.b.id, releaseThresholdM: 50 }, 404, 'NGO not found.');
    expect((await world.inA.Manager.post('/api/ngo/updateNgo', { ngoId: world.a.id, releaseThresholdM: 5000 })).statusCode).toBe(403);
    expect((await world.inA.Worker.post('/api/ngo/updateNgo', { ngoId: world.a.id, releaseThresholdM: 5000 })).statusCode).toBe(403);
    await refused(world.admin, '/api/ngo/updateNgo', { ngoId: world.a.id, releaseThresholdM: 0 }, 422, 'Release Distance Limit (m) must be at least 1');
    await refused(world.admin, '/api/ngo/updateNgo', { ngoId: world.a.id, releaseThresholdM: 100_001 }, 422, 'Release Distance Limit (m) must be at most 100000');
    await refused(world.admin, '/api/ngo/updateNgo', { ngoId: world.a.id, releaseThresholdM: 250.5 }, 422, 'Release Distance Limit (m) must be a whole number');
    expect((await ok(world.admin, '/api/ngo/updateNgo', { ngoId: world.a.id, releaseThresholdM: 800 })).releaseThresholdM).toBe(800);
    expect((await ok(world.admin, '/api/ngo/createNgo', { name: 'Paws of Pune', darpanId: 'MH/2020/0011223' })).releaseThresholdM).toBe(500);

    const inA = await newCase(world.inA.Worker);
    const inB = await newCase(world.inB.Worker);
    for (const [caller, id] of [[world.inA.Worker, inA], [world.inB.Worker, inB]] as const) await ok(caller, REPORTER, { caseId: id, ...REPORTING, ...CAPTURE_POINT });
    await refused(world.inA.Worker, POST_OP, { caseId: inA, ...releasePointNorth(1500) }, 422, /farther than this NGO's limit of 800 m/);
    expect(await ok(world.inB.Worker, POST_OP, { caseId: inB, ...releasePointNorth(1500) })).toMatchObject({ releaseDistanceM: 1500, releaseFlagged: false });
    expect(await ok(world.inA.Worker, POST_OP, { caseId: inA, ...releasePointNorth(700) })).toMatchObject({ releaseDistanceM: 700, releaseFlagged: false });
  });
});

describe('collar and tag numbers', () => {
  it('refuses a number already on an open case of the NGO, naming that case, without regard to letter case', async () => {
    const worker = ctx.world.inA.Worker;
    const first = await newCase(worker);
    const second = await newCase(worker);
    await ok(worker, ANIMAL, { caseId: first, collarTag: 'R-17' });
    const before = await snapshot(ctx, second);
    await refused(worker, ANIMAL, { caseId: second, collarTag: 'r-17', earNotch: 'Right' }, 409, `Collar/tag number r-17 is already on open case #${first}.`);
    expect(await snapshot(ctx, second)).toBe(before);
    // Saving the first case again with its own number is fine; another NGO may use the same number.
    await ok(worker, ANIMAL, { caseId: first, collarTag: 'R-17', animalColor: 'tan' });
    await ok(ctx.world.inB.Worker, ANIMAL, { caseId: await newCase(ctx.world.inB.Worker), collarTag: 'R-17' });
  });

  it('reads a number with its inner spaces collapsed, and takes only letters A-Z, digits, spaces and - / . # (no 500, no duplicate through a letter SQLite cannot fold)', async () => {
    const worker = ctx.world.inA.Worker;
    const first = await newCase(worker);
    const second = await newCase(worker);
    const saved = await ok(worker, ANIMAL, { caseId: first, collarTag: '  R   17 ' });
    expect(saved.animalDetail.collarTag).toBe('R 17');
    await refused(worker, ANIMAL, { caseId: second, collarTag: 'r  17' }, 409, `Collar/tag number r 17 is already on open case #${first}.`);
    for (const tag of ['ä-9', 'Ä-9', 'R\u200b17', 'टैग-1']) {
      await refused(worker, ANIMAL, { caseId: second, collarTag: tag }, 422, 'Collar/Tag Number may hold only the letters A–Z, digits, spaces and - / . #');
    }
    await ok(worker, ANIMAL, { caseId: second, collarTag: 'BBMP/2026/0042 #3.1' });
  });

  it('frees the number once the first case is released, has a death recorded or is deleted, and guards reopening', async () => {
    const { world } = ctx;
    const worker = world.inA.Worker;
    const first = await newCase(worker);
    const second = await newCase(worker);
    await ok(worker, ANIMAL, { caseId: first, collarTag: 'T-42' });
    await ok(worker, '/api/case/updateCase', { caseId: first, status: 'Released' });
    await ok(worker, ANIMAL, { caseId: second, collarTag: 'T-42' });
    // Reopening the released case would put the number on two open cases.
    await refused(worker, '/api/case/updateCase', { caseId: first, status: 'Post Operation' }, 409, `Collar/tag number T-42 is already on open case #${second}.`);

    // A death recorded closes the case for the rule; clearing it reopens it.
    await ok(worker, POST_OP, { caseId: second, deathDate: '2026-11-22', deathTiming: 'After surgery', deathCause: 'Post-operative haemorrhage' });
    await ok(worker, '/api/case/updateCase', { caseId: first, status: 'Post Operation' });
    await refused(worker, POST_OP, { caseId: second, deathDate: null }, 409, `Collar/tag number T-42 is already on open case #${first}.`);

    // A deleted case holds no number, and cannot come back while another open case has it.
    await ok(world.inA.Manager, '/api/case/deleteCase', { caseId: first });
    const third = await newCase(worker);
    await ok(worker, ANIMAL, { caseId: third, collarTag: 't-42' });
    await refused(world.inA.Founder, '/api/case/restoreCase', { caseId: first }, 409, `Collar/tag number T-42 is already on open case #${third}.`);
    await ok(worker, ANIMAL, { caseId: third, collarTag: 'T-43' });
    await ok(world.inA.Founder, '/api/case/restoreCase', { caseId: first });
  });

  it('frees the number once a release date is recorded, whatever the status, and guards clearing it', async () => {
    const worker = ctx.world.inA.Worker;
    const first = await newCase(worker);
    const second = await newCase(worker);
    await ok(worker, ANIMAL, { caseId: first, collarTag: 'V-7' });
    // Released on paper; nobody moved the status on (it moves only when someone moves it).
    await ok(worker, POST_OP, { caseId: first, releaseDate: '2026-11-22' });
    await ok(worker, ANIMAL, { caseId: second, collarTag: 'v-7' });
    // Clearing the release date would put the number on two open cases.
    await refused(worker, POST_OP, { caseId: first, releaseDate: null }, 409, `Collar/tag number V-7 is already on open case #${second}.`);
    // The database holds it too.
    const { db } = ctx.t.database;
    await expect(db.updateTable('cases').set({ release_date: null }).where('id', '=', first).execute()).rejects.toThrow();
  });

  it('holds in the database too: the partial unique index refuses a second open case with the number', async () => {
    const worker = ctx.world.inA.Worker;
    const first = await newCase(worker);
    const second = await newCase(worker);
    await ok(worker, ANIMAL, { caseId: first, collarTag: 'Q-9' });
    const { db } = ctx.t.database;
    await expect(db.updateTable('cases').set({ collar_tag: 'q-9' }).where('id', '=', second).execute()).rejects.toThrow();
    await db.updateTable('cases').set({ status: 'Released' }).where('id', '=', first).execute();
    await db.updateTable('cases').set({ collar_tag: 'q-9' }).where('id', '=', second).execute();
  });
});

describe('catching squad', () => {
  it("takes only active staff of the case's NGO, and keeps a member whose account was later deactivated", async () => {
    const { world } = ctx;
    const worker = world.inA.Worker;
    const id = await newCase(worker);
    const message = "Catching Squad can only list active staff of this case's NGO";
    await refused(worker, REPORTER, { caseId: id, ...REPORTING, catchingSquad: [worker.id, world.inB.Worker.id] }, 422, message);
    await refused(worker, REPORTER, { caseId: id, ...REPORTING, catchingSquad: [world.admin.id] }, 422, message);
    await refused(worker, REPORTER, { caseId: id, ...REPORTING, catchingSquad: [999_999] }, 422, message);
    await ok(worker, REPORTER, { caseId: id, ...REPORTING, catchingSquad: [worker.id, world.inA.Manager.id] });
    await ok(world.inA.Founder, '/api/user/deleteUser', { id: world.inA.Manager.id });
    const kept = await ok(worker, REPORTER, { caseId: id, catchingSquad: [worker.id, world.inA.Manager.id, world.inA.Founder.id] });
    expect(kept.reportingDetail.catchingSquad).toEqual([worker.id, world.inA.Manager.id, world.inA.Founder.id]);
    const other = await newCase(worker);
    await refused(worker, REPORTER, { caseId: other, ...REPORTING, catchingSquad: [world.inA.Manager.id] }, 422, message);

    const staff = await ok(worker, '/api/case/getCaseStaff', { caseId: id });
    expect(staff).toContainEqual({ id: world.inA.Manager.id, name: expect.any(String), active: false });
    expect(staff).toContainEqual({ id: worker.id, name: expect.any(String), active: true });
    expect(staff.map((s: { id: number }) => s.id)).not.toContain(world.inB.Worker.id);
    const plain = await ok(worker, '/api/case/getCaseStaff', { caseId: other });
    expect(plain.map((s: { id: number }) => s.id)).not.toContain(world.inA.Manager.id);
    expect((await world.inB.Founder.post('/api/case/getCaseStaff', { caseId: id })).statusCode).toBe(404);
  });
});

describe('ward/zone suggestions', () => {
  it("suggests the NGO's own wards that match, most used first, at most 20", async () => {
    const { world } = ctx;
    const worker = world.inA.Worker;
    const wards = ['Ward 12 Jayanagar', 'Ward 12 Jayanagar', 'Ward 12 Jayanagar', 'Ward 7 Indiranagar', 'Ward 7 Indiranagar', 'Zone East'];
    for (const wardZone of wards) await ok(worker, REPORTER, { caseId: await newCase(worker), ...REPORTING, wardZone });
    await ok(world.inB.Worker, REPORTER, { caseId: await newCase(world.inB.Worker), ...REPORTING, wardZone: 'Ward 99 Other NGO' });
    const deleted = await newCase(worker);
    await ok(worker, REPORTER, { caseId: deleted, ...REPORTING, wardZone: 'Ward 3 Deleted' });
    await ok(world.inA.Manager, '/api/case/deleteCase', { caseId: deleted });

    expect(await ok(worker, '/api/case/getWardSuggestions', {})).toEqual(['Ward 12 Jayanagar', 'Ward 7 Indiranagar', 'Zone East']);
    expect(await ok(worker, '/api/case/getWardSuggestions', { search: 'ward' })).toEqual(['Ward 12 Jayanagar', 'Ward 7 Indiranagar']);
    expect(await ok(worker, '/api/case/getWardSuggestions', { search: 'INDIRA' })).toEqual(['Ward 7 Indiranagar']);
    expect(await ok(worker, '/api/case/getWardSuggestions', { search: 'nagar' })).toEqual([]);
    expect(await ok(worker, '/api/case/getWardSuggestions', { search: '%' })).toEqual([]);
    expect(await ok(world.inB.Founder, '/api/case/getWardSuggestions', { search: 'ward' })).toEqual(['Ward 99 Other NGO']);
    expect((await world.inB.Founder.post('/api/case/getWardSuggestions', { ngoId: world.a.id })).statusCode).toBe(404);
    expect(await ok(world.admin, '/api/case/getWardSuggestions', { search: 'ward', ngoId: world.b.id })).toEqual(['Ward 99 Other NGO']);

    for (let i = 0; i < 22; i++) await ok(worker, REPORTER, { caseId: await newCase(worker), ...REPORTING, wardZone: `Block ${i}` });
    expect(await ok(worker, '/api/case/getWardSuggestions', { search: 'block' })).toHaveLength(20);
  }, 60_000);
});
