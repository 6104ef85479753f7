import { MESSAGES } from '@rescuedesk/shared';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { useTwoNgoWorld, type Caller } from '../../../test/api';
import { jpegPhoto } from '../../../test/images';
import { multipartBody } from '../../../test/multipart';
import { toPostOpDay } from './case-view';
import { PostOpDayRepository } from './post-op-day.repository';

const ctx = useTwoNgoWorld();

const reporting = {
  reporterName: 'Anita Desai',
  reporterContact: '+91 98450 12345',
  location: 'MG Road, near Metro pillar 45',
  landmark: 'Cauvery Emporium',
  pincode: '560001',
  reportedDate: '2026-11-20',
  reportedTime: '08:15',
};

async function newCase(caller: Caller, body: object = { type: 'Sterilization' }): Promise<number> {
  const response = await caller.post('/api/case/createCase', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id;
}

async function upload(caller: Caller, fieldName: string): Promise<string> {
  const { payload, headers } = multipartBody({ fieldName }, [{ filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegPhoto() }]);
  return (await ctx.t.app.inject({ method: 'POST', url: '/api/image/createImage', payload, headers: { ...headers, cookie: caller.cookie } })).json().data;
}

describe('case/createCase', () => {
  it('creates a case in the creator’s NGO with the product’s defaults', async () => {
    const worker = ctx.world.inA.Worker;
    const response = await worker.post('/api/case/createCase', { type: 'OPD' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id: expect.any(Number), ngoId: ctx.world.a.id });
    const read = await worker.post('/api/case/getCaseById', { id: response.json().data.id });
    expect(read.json().data).toMatchObject({ type: 'OPD', status: 'Reported', mortality: 'Healthy', causeOfFailure: null, createdBy: expect.any(String) });
  });

  it("refuses a type of 'Choose' or none with 'Please choose Case Type'", async () => {
    for (const body of [{ type: 'Choose' }, {}, { type: 'Surgery' }]) {
      const response = await ctx.world.inA.Worker.post('/api/case/createCase', body);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('Please choose Case Type');
    }
  });

  it('answers a repeated create with the same idempotency key with the first case', async () => {
    const worker = ctx.world.inA.Worker;
    const body = { type: 'OPD', idempotencyKey: 'a1b2c3d4-retry-from-phone' };
    const [first, second, third] = await Promise.all([worker.post('/api/case/createCase', body), worker.post('/api/case/createCase', body), worker.post('/api/case/createCase', body)]);
    expect(first.statusCode).toBe(200);
    expect(second.json().data).toEqual(first.json().data);
    expect(third.json().data).toEqual(first.json().data);
    const again = await worker.post('/api/case/createCase', body);
    expect(again.json().data).toEqual(first.json().data);
    expect((await worker.post('/api/case/getCaseByType')).json().meta.total).toBe(1);
    const other = await worker.post('/api/case/createCase', { ...body, idempotencyKey: 'another-key-123' });
    expect(other.json().data.id).not.toBe(first.json().data.id);
  });

  it('needs an Admin to name the NGO when there are several', async () => {
    const missing = await ctx.world.admin.post('/api/case/createCase', { type: 'IPD' });
    expect(missing.statusCode).toBe(422);
    const chosen = await ctx.world.admin.post('/api/case/createCase', { type: 'IPD', ngoId: ctx.world.b.id });
    expect(chosen.json().data.ngoId).toBe(ctx.world.b.id);
  });

  it('ignores an NGO named by a non-Admin only if it is their own', async () => {
    expect((await ctx.world.inA.Worker.post('/api/case/createCase', { type: 'IPD', ngoId: ctx.world.b.id })).statusCode).toBe(404);
  });
});

describe('case steps', () => {
  it('saves all five steps and reads them back with lastModifiedBy as the role', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    const photo = await upload(worker, 'AnimalPictures');
    const steps: Array<[string, object]> = [
      ['updateReportingDetail', { ...reporting, reporterEmail: 'anita@example.org', pickupDate: '2026-11-20', pickupTime: '09:00' }],
      ['updateAnimalDetail', { uniqueID: 'BLR-0042', animalSpecies: 'Dog', animalAge: '5-10 Yrs', animalWeight: '12.5', animalPictures: [photo] }],
      ['updateMedicalDetail', { vaccinationStatus: 'To be done in NGO', dewormed: 'Unsure', fitForSurgery: 'Yes', admissionDate: '2026-11-20' }],
      ['updateOperationDetail', { vetName: 'Dr. Arjun', operationDate: '2026-11-21', operationStartTime: '10:00', operationEndTime: '10:40', operationOutcome: 'Success' }],
      ['updatePostOperationDetail', { popFacility: 'In Shelter', popExpectedDays: '4', popStartDate: '2026-11-21', releaseDate: '2026-11-25', euthanized: 'No' }],
    ];
    for (const [route, body] of steps) {
      const response = await worker.post(`/api/case/${route}`, { caseId: id, ...body });
      expect(response.statusCode, `${route}: ${response.body}`).toBe(200);
    }
    const data = (await worker.post('/api/case/getCaseById', { id })).json().data;
    expect(data.reportingDetail).toMatchObject({ ...reporting, reporterAltContact: null, consentFormImage: [], lastModifiedBy: 'Worker' });
    expect(data.animalDetail).toMatchObject({ uniqueID: 'BLR-0042', animalAge: '5-10 Yrs', animalWeight: 12.5, animalPictures: [photo], animalBreed: null });
    expect(data.medicalDetail.fitForSurgery).toBe('Yes');
    expect(data.operationDetail).toMatchObject({ vetName: 'Dr. Arjun', operationEndTime: '10:40', lastModifiedBy: 'Worker' });
    expect(data.postOperationDetail).toMatchObject({ popExpectedDays: 4, releaseDate: '2026-11-25', lastModifiedBy: 'Worker' });
    const audit = await ctx.t.database.db.selectFrom('audit_log').select(['action', 'actor_id', 'at']).where('entity', '=', 'case').where('entity_id', '=', String(id)).execute();
    expect(audit.map((a) => a.action)).toEqual(['create', ...steps.map(([route]) => route)]);
    expect(audit.every((a) => a.actor_id === worker.id)).toBe(true);
  });

  it('answers each step save with the case exactly as getCaseById reads it afterwards, photos, vet and post-operative days included', async () => {
    const { Worker: worker, Manager: manager } = ctx.world.inA;
    const id = await newCase(worker);
    const photo = await upload(worker, 'AnimalPictures');
    const dayPhoto = await upload(worker, 'PopPics');
    const addDay = async (caller: Caller, body: object) => expect((await caller.post('/api/case/addPostOpDay', { caseId: id, ...body })).statusCode).toBe(200);
    await addDay(worker, { dayNumber: 3, logDate: '2026-11-23', woundState: 'Swollen', appetite: 'Reduced', temperature: 39.4, medication: 'Meloxicam 0.1 mg/kg', notes: 'Licks the "wound"; घाव साफ़ है', photos: [dayPhoto] });
    await addDay(manager, { dayNumber: 1, temperature: 38.5 });
    await addDay(worker, { dayNumber: 2 });
    const steps: Array<[string, object]> = [
      ['updateReportingDetail', { ...reporting, reporterEmail: 'anita@example.org' }],
      ['updateAnimalDetail', { uniqueID: 'BLR-0043', animalSpecies: 'Dog', animalWeight: '12.5', animalPictures: [photo] }],
      ['updateOperationDetail', { vetName: 'Dr. Arjun', operationDate: '2026-11-21', operationStartTime: '10:00', operationEndTime: '10:40', operationOutcome: 'Success' }],
      // Every field as stored: nothing is written, and the answer is still the whole case.
      ['updateOperationDetail', { vetName: 'Dr. Arjun' }],
    ];
    for (const [route, body] of steps) {
      const saved = await worker.post(`/api/case/${route}`, { caseId: id, ...body });
      expect(saved.statusCode, `${route}: ${saved.body}`).toBe(200);
      const read = (await worker.post('/api/case/getCaseById', { id })).json().data;
      expect(saved.json().data, route).toEqual(read);
    }
    const read = (await worker.post('/api/case/getCaseById', { id })).json().data;
    expect(read.animalDetail.animalPictures).toEqual([photo]);
    expect(read.operationDetail.vetName).toBe('Dr. Arjun');
    expect(read.createdBy).toMatch(/^Worker /);
    expect(read.postOpDays.map((d: { dayNumber: number; temperature: number | null; createdByName: string }) => [d.dayNumber, d.temperature, d.createdByName.split(' ')[0]])).toEqual([
      [1, 38.5, 'Manager'],
      [2, null, 'Worker'],
      [3, 39.4, 'Worker'],
    ]);
    expect(read.postOpDays[2]).toMatchObject({ notes: 'Licks the "wound"; घाव साफ़ है', photos: [dayPhoto], medication: 'Meloxicam 0.1 mg/kg', logDate: '2026-11-23' });
  });

  it("reads a case's post-operative days as the log's own read does", async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    for (const [dayNumber, temperature] of [[2, 39.1], [1, 38.7]]) expect((await worker.post('/api/case/addPostOpDay', { caseId: id, dayNumber, temperature, appetite: 'Good' })).statusCode).toBe(200);
    const read = (await worker.post('/api/case/getCaseById', { id })).json().data;
    // The log read alone, row by row as the driver types its columns (on PostgreSQL getCaseById
    // aggregates them as JSON beside the case).
    const log = await new PostOpDayRepository(ctx.t.database.db).listForCase(ctx.world.a.id, id);
    expect(read.postOpDays).toEqual(log.map(toPostOpDay));
    expect(read.postOpDays.map((d: { temperature: number }) => d.temperature)).toEqual([38.7, 39.1]);
    const other = await newCase(worker);
    expect((await worker.post('/api/case/getCaseById', { id: other })).json().data.postOpDays).toEqual([]);
  });

  // PostgreSQL only: there saves run at once and wait on the case's lock (SQLite's writes take turns).
  if (inject('dbKind') === 'postgres') {
    it('answers a step save that waited on the case with the post-operative day added meanwhile', async () => {
      const worker = ctx.world.inA.Worker;
      const id = await newCase(worker);
      const now = new Date().toISOString();
      const { saving } = await ctx.t.database.db.transaction().execute(async (trx) => {
        // Another writer of the log: it locks the case first, as the log's own writes do.
        await sql`select id from cases where id = ${id} for update`.execute(trx);
        await trx.insertInto('case_post_op_days').values({ ngo_id: ctx.world.a.id, case_id: id, day_number: 1, created_by: worker.id, created_at: now, updated_by: worker.id, updated_at: now }).execute();
        const request = worker.post('/api/case/updateAnimalDetail', { caseId: id, animalColor: 'brown' });
        for (let polls = 0; ; polls++) {
          // A transaction keeps its first look at pg_stat_activity: a connection the pool opens
          // for the save after it would never show. Each poll takes a fresh look.
          await sql`select pg_stat_clear_snapshot()`.execute(trx);
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(trx);
          if (rows[0]!.n > 0) break;
          if (polls > 5000) throw new Error('the save never waited on the case');
          await new Promise((resolve) => setImmediate(resolve));
        }
        return { saving: request };
      });
      const saved = await saving;
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.animalDetail.animalColor).toBe('brown');
      expect(saved.json().data.postOpDays.map((d: { dayNumber: number }) => d.dayNumber)).toEqual([1]);
    });
  }

  it("maps the observed client's 3-character ages to the full options", async () => {
    const id = await newCase(ctx.world.inA.Worker);
    for (const [short, full] of [['0-1', '0-1 Yrs'], ['1-5', '1-5 Yrs'], ['5-1', '5-10 Yrs'], ['10+', '10+ Yrs']]) {
      const response = await ctx.world.inA.Worker.post('/api/case/updateAnimalDetail', { caseId: id, animalAge: short });
      expect(response.json().data.animalDetail.animalAge).toBe(full);
    }
  });

  it('refuses the reporter step without its required fields, saving nothing', async () => {
    const id = await newCase(ctx.world.inA.Worker);
    const { pincode: _omit, ...partial } = reporting;
    const response = await ctx.world.inA.Worker.post('/api/case/updateReportingDetail', { caseId: id, ...partial });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(MESSAGES.requiredDetails);
    const data = (await ctx.world.inA.Worker.post('/api/case/getCaseById', { id })).json().data;
    expect(data.reportingDetail.reporterName).toBeNull();
  });

  it('keeps absent fields and clears fields sent as null, but never a required reporter field', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    await worker.post('/api/case/updateReportingDetail', { caseId: id, ...reporting, reporterAltContact: '080 2345 6789' });
    const partial = await worker.post('/api/case/updateReportingDetail', { caseId: id, landmark: 'Brigade Road' });
    expect(partial.json().data.reportingDetail).toMatchObject({ landmark: 'Brigade Road', reporterName: 'Anita Desai', reporterAltContact: '080 2345 6789' });
    const cleared = await worker.post('/api/case/updateReportingDetail', { caseId: id, reporterAltContact: null });
    expect(cleared.json().data.reportingDetail.reporterAltContact).toBeNull();
    const refused = await worker.post('/api/case/updateReportingDetail', { caseId: id, reporterName: null });
    expect(refused.statusCode).toBe(422);
    await worker.post('/api/case/updateAnimalDetail', { caseId: id, animalWeight: 7, animalMarking: 'notched ear' });
    const clearedWeight = await worker.post('/api/case/updateAnimalDetail', { caseId: id, animalWeight: null, animalPictures: [] });
    expect(clearedWeight.json().data.animalDetail).toMatchObject({ animalWeight: null, animalMarking: 'notched ear', animalPictures: [] });
  });

  it('writes and audits nothing for a step save that changes nothing, and the step keeps who last saved it', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    const empty = await worker.post('/api/case/updateAnimalDetail', { caseId: id });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data.animalDetail.lastModifiedBy).toBeNull();
    await ctx.world.inA.Manager.post('/api/case/updateAnimalDetail', { caseId: id, animalColor: 'brown' });
    const same = await worker.post('/api/case/updateAnimalDetail', { caseId: id, animalColor: 'brown' });
    expect(same.json().data.animalDetail).toMatchObject({ animalColor: 'brown', lastModifiedBy: 'Manager' });
    const timeline = (await ctx.world.inA.Founder.post('/api/case/getCaseTimeline', { caseId: id })).json().data as Array<{ action: string }>;
    expect(timeline.map((entry) => entry.action)).toEqual(['updateAnimalDetail', 'create']);
  });

  it('checks enums, dates, times and numbers, naming the field', async () => {
    const id = await newCase(ctx.world.inA.Worker);
    const cases: Array<[string, object, string]> = [
      ['updateReportingDetail', { ...reporting, pincode: '5600' }, 'Pincode must be 6 digits'],
      ['updateReportingDetail', { ...reporting, reportedDate: '20-11-2026' }, 'Reported Date must be a date (YYYY-MM-DD)'],
      ['updateReportingDetail', { ...reporting, reportedTime: '25:00' }, 'Reported Time must be a time (hh:mm)'],
      ['updateReportingDetail', { ...reporting, reporterContact: 'abc' }, 'Phone Number must be a phone number of 7 to 15 digits'],
      ['updateAnimalDetail', { animalSpecies: 'Dragon' }, 'Species must be one of Dog, Cat, Bird, Other'],
      ['updateAnimalDetail', { animalWeight: 'heavy' }, 'Weight must be a number'],
      ['updateAnimalDetail', { animalAge: '3 Yrs' }, 'Age must be one of 0-1 Yrs, 1-5 Yrs, 5-10 Yrs, 10+ Yrs'],
      ['updateMedicalDetail', { dewormed: 'Maybe' }, "Dewormed must be one of Already Done, To be done in NGO, Not Done, Unsure"],
      ['updateOperationDetail', { operationStartTime: '9am' }, 'Operation Start Time must be a time (hh:mm)'],
      ['updatePostOperationDetail', { popExpectedDays: 2.5 }, 'Expected Days must be a whole number'],
      ['updatePostOperationDetail', { euthanized: 'Perhaps' }, 'Euthanized must be one of Yes, No'],
    ];
    for (const [route, body, message] of cases) {
      const response = await ctx.world.inA.Worker.post(`/api/case/${route}`, { caseId: id, ...body });
      expect(response.statusCode, message).toBe(422);
      expect(response.json().message).toBe(message);
    }
  });

  it("refuses images of another NGO in a step", async () => {
    const id = await newCase(ctx.world.inA.Worker);
    const foreign = await upload(ctx.world.inB.Worker, 'AnimalPictures');
    const response = await ctx.world.inA.Worker.post('/api/case/updateAnimalDetail', { caseId: id, animalPictures: [foreign] });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Animal Pictures refers to an image that was not uploaded for this NGO');
  });
});

describe('case/updateCase', () => {
  it("changes status, mortality and cause, and reads 'Cause of Failure' as no cause", async () => {
    const id = await newCase(ctx.world.inA.Worker);
    const withCause = await ctx.world.inA.Worker.post('/api/case/updateCase', { caseId: id, status: 'Operation', mortality: 'Fatal', causeOfFailure: 'Anaesthesia' });
    expect(withCause.json().data).toMatchObject({ status: 'Operation', mortality: 'Fatal', causeOfFailure: 'Anaesthesia' });
    const placeholder = await ctx.world.inA.Worker.post('/api/case/updateCase', { caseId: id, type: 'Sterilization', status: 'Released', mortality: 'Healthy', causeOfFailure: 'Cause of Failure' });
    expect(placeholder.json().data).toMatchObject({ status: 'Released', causeOfFailure: null });
  });

  it('refuses an unknown status', async () => {
    const id = await newCase(ctx.world.inA.Worker);
    const response = await ctx.world.inA.Worker.post('/api/case/updateCase', { caseId: id, status: 'Lost' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/^Status must be one of/);
  });
});

describe('case/getCaseByType', () => {
  async function seed(caller: Caller) {
    const rows: Array<[string, string, string, string]> = [
      ['Sterilization', 'Reported', 'Ravi', '560001'],
      ['Sterilization', 'Admitted', 'Sunita', '560002'],
      ['Sterilization', 'Released', 'Imran', '560003'],
      ['OPD', 'Reported', 'Ravi Kumar', '560004'],
      ['OPD', 'Blood Test', 'Deepa', '411001'],
      ['Vaccination', 'Released', 'Joseph', '411002'],
    ];
    const ids: number[] = [];
    for (const [type, status, name, pin] of rows) {
      const id = await newCase(caller, { type, status });
      await caller.post('/api/case/updateReportingDetail', { caseId: id, ...reporting, reporterName: name, pincode: pin });
      ids.push(id);
    }
    return ids;
  }

  it('returns a page with server-side counts over the whole filtered set, newest first', async () => {
    const worker = ctx.world.inA.Worker;
    const ids = await seed(worker);
    const all = (await worker.post('/api/case/getCaseByType', { type: 'All', pageSize: 2 })).json();
    expect(all.data.map((c: { id: number }) => c.id)).toEqual([ids[5], ids[4]]);
    expect(all.meta).toEqual({ total: 6, page: 1, pageSize: 2, counts: { total: 6, Reported: 2, Admitted: 1, 'Blood Test': 1, Operation: 0, 'Post Operation': 0, Released: 2 } });
    expect(all.data[0]).toMatchObject({ reporterName: 'Joseph', pincode: '411002', createdBy: expect.stringMatching(/^Worker /), reportingDetail: { reporterName: 'Joseph' } });
    const sterilization = (await worker.post('/api/case/getCaseByType', { type: 'Sterilization' })).json();
    expect(sterilization.meta.counts).toMatchObject({ total: 3, Reported: 1, Admitted: 1, Released: 1 });
  });

  it('pages newest first to the last page, which is read from the oldest end, whatever the filter', async () => {
    const worker = ctx.world.inA.Worker;
    const ids = await seed(worker);
    ids.push(await newCase(worker, { type: 'OPD', status: 'Reported' }));
    const newestFirst = [...ids].reverse();
    const pageOf = async (filter: object, page: number, pageSize: number) =>
      (await worker.post('/api/case/getCaseByType', { ...filter, page, pageSize })).json().data.map((c: { id: number }) => c.id);
    const filters: Array<[object, number[]]> = [
      [{ type: 'All' }, newestFirst],
      [{ type: 'OPD' }, [ids[6]!, ids[4]!, ids[3]!]],
      [{ type: 'All', status: 'Reported' }, [ids[6]!, ids[3]!, ids[0]!]],
      [{ type: 'All', search: '5600' }, [ids[3]!, ids[2]!, ids[1]!, ids[0]!]],
    ];
    for (const [filter, expected] of filters) {
      for (const pageSize of [1, 2, 3]) {
        const pages = Math.ceil(expected.length / pageSize);
        for (let page = 1; page <= pages + 1; page++) {
          expect(await pageOf(filter, page, pageSize), JSON.stringify({ filter, pageSize, page })).toEqual(expected.slice((page - 1) * pageSize, page * pageSize));
        }
      }
    }
  });

  it('searches reporter name, pincode, status and animal ID case-insensitively, by word beginnings', async () => {
    const worker = ctx.world.inA.Worker;
    const ids = await seed(worker);
    await worker.post('/api/case/updateAnimalDetail', { caseId: ids[2], uniqueID: 'PUNE-777' });
    const search = async (text: string) => (await worker.post('/api/case/getCaseByType', { search: text })).json();
    const found = async (text: string) => (await search(text)).data.map((c: { id: number }) => c.id);
    expect((await search('ravi')).meta.total).toBe(2);
    expect(await found('RAVI kum')).toEqual([ids[3]]);
    expect((await search('411')).meta.counts).toMatchObject({ total: 2, 'Blood Test': 1, Released: 1 });
    expect(await found('BLOOD test')).toEqual([ids[4]]);
    expect(await found('pune-777')).toEqual([ids[2]]);
    expect(await found('777')).toEqual([ids[2]]);
    expect(await found('metro PIL')).toEqual([...ids].reverse());
    // A word is found from its beginning, not from its middle.
    expect(await found('avi')).toEqual([]);
    expect((await search('%')).meta.total).toBe(0);
  });

  it('combines a status word with other words, and counts each status exactly', async () => {
    const worker = ctx.world.inA.Worker;
    const ids = await seed(worker);
    const search = async (text: string) => (await worker.post('/api/case/getCaseByType', { search: text })).json();
    const released = await search('released');
    expect(released.data.map((c: { id: number }) => c.id)).toEqual([ids[5], ids[2]]);
    expect(released.meta.counts).toEqual({ total: 2, Reported: 0, Admitted: 0, 'Blood Test': 0, Operation: 0, 'Post Operation': 0, Released: 2 });
    expect((await search('released imran')).data.map((c: { id: number }) => c.id)).toEqual([ids[2]]);
    expect((await search('reported ravi')).meta.counts).toMatchObject({ total: 2, Reported: 2 });
    const sterilizedRavi = (await worker.post('/api/case/getCaseByType', { type: 'Sterilization', search: 'ravi' })).json();
    expect(sterilizedRavi.data.map((c: { id: number }) => c.id)).toEqual([ids[0]]);
    const reportedOnly = (await worker.post('/api/case/getCaseByType', { search: 'ravi', status: 'Reported', pageSize: 1, page: 2 })).json();
    expect(reportedOnly.data.map((c: { id: number }) => c.id)).toEqual([ids[0]]);
    expect(reportedOnly.meta).toMatchObject({ total: 2, counts: { total: 2, Reported: 2 } });
  });

  it('keeps the search index in step with edits, deletion, restore and NGO boundaries', async () => {
    const worker = ctx.world.inA.Worker;
    const ids = await seed(worker);
    const found = async (caller: Caller, text: string) => (await caller.post('/api/case/getCaseByType', { search: text })).json().data.map((c: { id: number }) => c.id);
    await worker.post('/api/case/updateReportingDetail', { caseId: ids[1], reporterName: 'Sunita Menon' });
    expect(await found(worker, 'menon')).toEqual([ids[1]]);
    await worker.post('/api/case/updateReportingDetail', { caseId: ids[1], reporterName: 'Sunita' });
    expect(await found(worker, 'menon')).toEqual([]);
    await ctx.world.inA.Founder.post('/api/case/deleteCase', { caseId: ids[1] });
    expect(await found(worker, 'sunita')).toEqual([]);
    await ctx.world.inA.Founder.post('/api/case/restoreCase', { caseId: ids[1] });
    expect(await found(worker, 'sunita')).toEqual([ids[1]]);
    expect(await found(ctx.world.inB.Founder, 'sunita')).toEqual([]);
    expect(await found(ctx.world.admin, 'sunita')).toEqual([ids[1]]);
  });

  it('never answers a kept dashboard page after a change: status, step save, delete, rename, a write by another server', async () => {
    const worker = ctx.world.inA.Worker;
    const ids = await seed(worker);
    const page = async () => (await worker.post('/api/case/getCaseByType', { pageSize: 3 })).json();
    expect((await page()).data[0]).toMatchObject({ id: ids[5], status: 'Released', reporterName: 'Joseph' });
    await worker.post('/api/case/updateCase', { caseId: ids[5], status: 'Admitted' });
    expect((await page()).data[0].status).toBe('Admitted');
    expect((await page()).meta.counts).toMatchObject({ Admitted: 2, Released: 1 });
    await worker.post('/api/case/updateReportingDetail', { caseId: ids[5], reporterName: 'Joseph Dsouza' });
    expect((await page()).data[0].reporterName).toBe('Joseph Dsouza');
    await ctx.world.inA.Founder.post('/api/case/deleteCase', { caseId: ids[5] });
    expect((await page()).data[0].id).toBe(ids[4]);
    await ctx.world.inA.Founder.post('/api/case/restoreCase', { caseId: ids[5] });
    expect((await page()).data[0].id).toBe(ids[5]);
    await ctx.t.database.db.updateTable('users').set({ name: 'Renamed Worker' }).where('id', '=', worker.id).execute();
    expect((await page()).data[0].createdBy).toBe('Renamed Worker');
    // Another server instance writing to the same database: only the database knows.
    await ctx.t.database.db.updateTable('cases').set({ location: 'Written elsewhere' }).where('id', '=', ids[5]!).execute();
    expect((await page()).data[0].location).toBe('Written elsewhere');
    await ctx.t.database.db.insertInto('cases').values({ ngo_id: ctx.world.a.id, type: 'OPD', status: 'Reported', mortality: 'Healthy', created_at: '2026-11-22T00:00:00.000Z', updated_at: '2026-11-22T00:00:00.000Z' }).execute();
    expect((await page()).meta.total).toBe(7);
  });

  it('keeps the list versions of NGOs apart: a change in B does not touch A', async () => {
    await seed(ctx.world.inA.Worker);
    const version = async (ngoId: number) =>
      (await ctx.t.database.db.selectFrom('case_list_versions').select('version').where('ngo_id', '=', ngoId).executeTakeFirst())?.version ?? 0;
    const before = await version(ctx.world.a.id);
    const other = await newCase(ctx.world.inB.Worker);
    await ctx.world.inB.Worker.post('/api/case/updateCase', { caseId: other, status: 'Admitted' });
    expect(await version(ctx.world.a.id)).toBe(before);
    expect(await version(ctx.world.b.id)).toBeGreaterThan(0);
  });

  it('filters by status while the counts still cover every status', async () => {
    const worker = ctx.world.inA.Worker;
    await seed(worker);
    const released = (await worker.post('/api/case/getCaseByType', { status: 'Released' })).json();
    expect(released.meta.total).toBe(2);
    expect(released.meta.counts.total).toBe(6);
  });
});

describe('case tenancy and deletion', () => {
  it("keeps NGO B away from NGO A's case: no read, update, delete or list", async () => {
    const id = await newCase(ctx.world.inA.Worker);
    const b = ctx.world.inB.Founder;
    expect((await b.post('/api/case/getCaseById', { id })).statusCode).toBe(404);
    expect((await b.post('/api/case/updateCase', { caseId: id, status: 'Released' })).statusCode).toBe(404);
    expect((await b.post('/api/case/updateReportingDetail', { caseId: id, ...reporting })).statusCode).toBe(404);
    expect((await b.post('/api/case/deleteCase', { caseId: id })).statusCode).toBe(404);
    expect((await b.post('/api/case/getCaseByType', {})).json().meta.total).toBe(0);
    const stillThere = await ctx.world.inA.Worker.post('/api/case/getCaseById', { id });
    expect(stillThere.json().data.status).toBe('Reported');
    expect((await ctx.world.admin.post('/api/case/getCaseById', { id })).statusCode).toBe(200);
  });

  it('refuses a Worker deleting a case with 403', async () => {
    const id = await newCase(ctx.world.inA.Worker);
    expect((await ctx.world.inA.Worker.post('/api/case/deleteCase', { caseId: id })).statusCode).toBe(403);
  });

  it('soft-deletes: the case leaves lists and counts, and a Founder can restore it', async () => {
    const manager = ctx.world.inA.Manager;
    const keep = await newCase(manager);
    const gone = await newCase(manager);
    expect((await manager.post('/api/case/deleteCase', { caseId: gone })).statusCode).toBe(200);
    const list = (await manager.post('/api/case/getCaseByType', {})).json();
    expect(list.data.map((c: { id: number }) => c.id)).toEqual([keep]);
    expect(list.meta.counts.total).toBe(1);
    expect((await manager.post('/api/case/getCaseById', { id: gone })).statusCode).toBe(404);
    const row = await ctx.t.database.db.selectFrom('cases').select(['deleted_at', 'deleted_by']).where('id', '=', gone).executeTakeFirstOrThrow();
    expect(row.deleted_by).toBe(manager.id);
    expect((await manager.post('/api/case/restoreCase', { caseId: gone })).statusCode).toBe(403);
    expect((await ctx.world.inA.Founder.post('/api/case/restoreCase', { caseId: gone })).statusCode).toBe(200);
    expect((await manager.post('/api/case/getCaseByType', {})).json().meta.total).toBe(2);
  });

  it("offers the operation step the vets of the case's NGO only", async () => {
    await ctx.world.inA.Manager.post('/api/vet/createVet', { name: 'Dr. Arjun Shetty', regId: 'KVC-1' });
    await ctx.world.inB.Manager.post('/api/vet/createVet', { name: 'Dr. Other', regId: 'KVC-2' });
    const id = await newCase(ctx.world.inA.Worker);
    const names = await ctx.world.inA.Worker.post('/api/case/getVetNames', { caseId: id });
    expect(names.json().data).toEqual(['Dr. Arjun Shetty']);
  });
});
