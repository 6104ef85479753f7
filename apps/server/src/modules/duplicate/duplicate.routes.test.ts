import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../test/api';
import { useTwoNgoWorldOnce } from '../../../test/api';
import { REPORTING, newCase, ok } from '../../../test/cases';
import { multipartBody } from '../../../test/multipart';

const ctx = useTwoNgoWorldOnce();

/** A 96x72 picture with a bright square at (x, y) on a dark ground: one "scene" per position. */
function scene(x: number, y: number, tint = 0): Promise<Buffer> {
  const width = 96;
  const height = 72;
  const pixels = Buffer.alloc(width * height * 3);
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const inside = col >= x && col < x + 32 && row >= y && row < y + 32;
      const value = inside ? 220 - tint : 30 + tint + ((row + col) % 7);
      pixels.fill(value, (row * width + col) * 3, (row * width + col) * 3 + 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

async function uploadPhoto(caller: Caller, data: Buffer): Promise<string> {
  const { payload, headers } = multipartBody({ fieldName: 'AnimalPictures' }, [{ filename: 'dog.jpg', contentType: 'image/jpeg', data }]);
  const response = await ctx.t.app.inject({ method: 'POST', url: '/api/image/createImage', payload, headers: { ...headers, cookie: caller.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** A day and a time on the NGOs' calendar (Asia/Kolkata), some hours before now. */
function istHoursAgo(hours: number): { reportedDate: string; reportedTime: string; iso: string } {
  const at = new Date(Date.now() - hours * 3_600_000);
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at).map((p) => [p.type, p.value]));
  return { reportedDate: `${parts.year}-${parts.month}-${parts.day}`, reportedTime: `${parts.hour}:${parts.minute}`, iso: at.toISOString() };
}

const north = (metres: number) => 12.9716 + metres / 111_195;
const LON = 77.5946;

async function openCase(caller: Caller, values: { metresNorth: number; species: string; photo?: string; hoursAgo?: number }): Promise<number> {
  const id = await newCase(caller, { type: 'OPD' });
  const { reportedDate, reportedTime } = istHoursAgo(values.hoursAgo ?? 3);
  await ok(caller, '/api/case/updateReportingDetail', { caseId: id, ...REPORTING, reportedDate, reportedTime, captureLatitude: north(values.metresNorth), captureLongitude: LON });
  await ok(caller, '/api/case/updateAnimalDetail', { caseId: id, animalSpecies: values.species, ...(values.photo ? { animalPictures: [values.photo] } : {}) });
  return id;
}

let reportSeq = 0;
async function newReport(ngoId: number, values: { metresNorth: number; animal: string; photos: string[]; hoursAgo: number }): Promise<number> {
  reportSeq += 1;
  const at = istHoursAgo(values.hoursAgo).iso;
  const row = await ctx.t.database.db
    .insertInto('citizen_reports')
    .values({ ngo_id: ngoId, token_hash: `dup-${reportSeq}-${ngoId}-${values.metresNorth}`, code: `DP${String(reportSeq).padStart(6, '3')}`, latitude: north(values.metresNorth), longitude: LON, animal_type: values.animal, condition: 'injured', reporter_name: 'Dup Devi', reporter_phone: '9845011111', language: 'en', consent_notice_version: '1', consent_at: at, photos: JSON.stringify(values.photos), created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('duplicate suggestions', () => {
  it('suggests the open cases and reports of the same animal within 300 m and 72 hours, the likeliest photo first, each with why', async () => {
    const { inA } = ctx.world;
    const sameDog = await uploadPhoto(inA.Worker, await scene(10, 10));
    const sameDogAgain = await uploadPhoto(inA.Worker, await scene(10, 10, 12));
    const otherDog = await uploadPhoto(inA.Worker, await scene(60, 36));

    const likely = await openCase(inA.Worker, { metresNorth: 120, species: 'Dog', photo: sameDog });
    const unlike = await openCase(inA.Worker, { metresNorth: 40, species: 'Dog', photo: otherDog });
    const cat = await openCase(inA.Worker, { metresNorth: 50, species: 'Cat', photo: sameDog });
    const far = await openCase(inA.Worker, { metresNorth: 900, species: 'Dog', photo: sameDog });
    const old = await openCase(inA.Worker, { metresNorth: 60, species: 'Dog', photo: sameDog, hoursAgo: 100 });
    const released = await openCase(inA.Worker, { metresNorth: 30, species: 'Dog', photo: sameDog });
    await ok(inA.Worker, '/api/case/updatePostOperationDetail', { caseId: released, releaseDate: istHoursAgo(1).reportedDate, euthanized: 'No' });
    const report = await newReport(ctx.world.a.id, { metresNorth: 0, animal: 'Dog', photos: [sameDogAgain], hoursAgo: 1 });
    const neighbour = await newReport(ctx.world.a.id, { metresNorth: 200, animal: 'Dog', photos: [], hoursAgo: 2 });

    const suggestions = await ok(inA.Worker, '/api/intake/getDuplicateSuggestions', { reportId: report });
    const ids = suggestions.map((s: { kind: string; id: number }) => `${s.kind}:${s.id}`);
    expect(ids[0]).toBe(`case:${likely}`);
    expect(ids).toEqual(expect.arrayContaining([`case:${unlike}`, `report:${neighbour}`]));
    for (const left of [cat, far, old, released]) expect(ids).not.toContain(`case:${left}`);
    expect(ids).not.toContain(`report:${report}`);
    const [first] = suggestions;
    expect(first).toMatchObject({ distanceM: 120, photoLikeness: expect.any(Number) });
    expect(first.photoLikeness).toBeGreaterThanOrEqual(80);
    expect(first.hoursApart).toBeGreaterThan(1.5);
    expect(first.hoursApart).toBeLessThan(2.5);
    const unlikeSuggestion = suggestions.find((s: { id: number; kind: string }) => s.kind === 'case' && s.id === unlike);
    expect(unlikeSuggestion.photoLikeness).toBeLessThan(first.photoLikeness);
    expect(suggestions.find((s: { kind: string }) => s.kind === 'report').photoLikeness).toBeNull();

    // Adding a case at the same place: the report and the case suggested, the case itself left out.
    const forCase = await ok(inA.Manager, '/api/case/getDuplicateSuggestions', { caseId: likely, latitude: north(120), longitude: LON, animalSpecies: 'Dog', pictures: [sameDog] });
    const forCaseIds = forCase.map((s: { kind: string; id: number }) => `${s.kind}:${s.id}`);
    expect(forCaseIds).toContain(`report:${report}`);
    expect(forCaseIds).not.toContain(`case:${likely}`);
    expect(forCase.find((s: { kind: string; id: number }) => s.kind === 'report' && s.id === report).photoLikeness).toBeGreaterThanOrEqual(80);
  });

  it("keeps to the NGO: another NGO's report is not found and its cases are never suggested", async () => {
    const { inA, inB } = ctx.world;
    await openCase(inA.Worker, { metresNorth: 10, species: 'Dog' });
    const report = await newReport(ctx.world.a.id, { metresNorth: 0, animal: 'Dog', photos: [], hoursAgo: 1 });
    expect((await inB.Worker.post('/api/intake/getDuplicateSuggestions', { reportId: report })).statusCode).toBe(404);
    const fromB = await ok(inB.Worker, '/api/case/getDuplicateSuggestions', { latitude: north(0), longitude: LON, animalSpecies: 'Dog' });
    expect(fromB).toEqual([]);
    expect((await inB.Worker.post('/api/case/getDuplicateSuggestions', { latitude: north(0), longitude: LON, ngoId: ctx.world.a.id })).statusCode).toBe(404);
    expect((await inA.Worker.post('/api/case/getDuplicateSuggestions', { latitude: 95, longitude: LON })).statusCode).toBe(422);
  });
});
