/**
 * npm run seed -- --cases N --ngos K   realistic bulk data into the configured database
 * npm run seed -- --demo                a small, pleasant data set with photos, for a first look
 *
 * Writes through the same migrations and tables as the app; counters and search indexes are kept
 * by the database's triggers as rows arrive. Sterilisation cases of dogs carry ABC programme records
 * (seed-abc.ts): capture and release points, squads, ear notches, vaccines, daily post-op logs, a few
 * unfit dogs, deaths and flagged releases. Every case gets its 'create' entry in the timeline; the
 * demo's cases also their step saves.
 *
 * On PostgreSQL the cases, their post-operative days and timeline entries are streamed with COPY
 * and what the row triggers keep is written once at the end (seed-postgres-copy.ts); `--method insert`
 * writes them in batched INSERTs with the triggers running, as SQLite always does. `--now` seeds as
 * at that moment, so that with `--seed` two runs make the same rows.
 */
import { setImmediate as yieldToIo } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { loadConfig } from '../config';
import { optimizeCaseWords } from '../db/case-search';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { caseSearchKeys } from '../db/migrations/022-case-search-across-scripts';
import { DATE_RULES, POST_OP_DAYS_KEY, caseRuleProblems, wallClockAt } from '@rescuedesk/shared';
import type { CaseRow, NewCaseRow } from '../db/schema';
import { serializeList } from '../lib/json-list';
import '../lib/i18n';
import { hashPassword } from '../modules/auth/password';
import { flatState } from '../modules/case/case-view';
import { processUpload } from '../modules/image/image-processing';
import { createImageStore } from '../modules/image/image.store';
import { UserRepository } from '../modules/user/user.repository';
import { abcPlan, type PostOpDayPlan, type Staff } from './seed-abc';
import { databaseSizes, openBulkLoad } from './seed-postgres-copy';
import { COLOURS, FIRST_NAMES, LANDMARKS, LAST_NAMES, LOCALITIES, MARKINGS, MORTALITY_WEIGHTS, NGO_NAMES, REASONS, STATUS_WEIGHTS, TYPE_WEIGHTS } from './seed-data';

const { values } = parseArgs({
  options: { cases: { type: 'string' }, ngos: { type: 'string' }, demo: { type: 'boolean' }, seed: { type: 'string' }, now: { type: 'string' }, method: { type: 'string' } },
});
const demo = Boolean(values.demo);
const caseCount = demo ? 36 : Number(values.cases ?? 10_000);
const ngoCount = demo ? 2 : Number(values.ngos ?? 5);
const fixedNow = values.now === undefined ? undefined : Date.parse(values.now);
if (!Number.isInteger(caseCount) || caseCount < 0 || !Number.isInteger(ngoCount) || ngoCount < 1 || Number.isNaN(fixedNow) || !['copy', 'insert', undefined].includes(values.method)) {
  console.error('Usage: npm run seed -- --cases N --ngos K [--seed S] [--now ISO-MOMENT] [--method copy|insert]   (or --demo)');
  process.exit(2);
}
/** The moment the data is made at: --now, or the clock. */
const nowMs = (): number => fixedNow ?? Date.now();

// A small deterministic generator, so two runs with the same --seed make the same data.
let state = Number(values.seed ?? 20261122) >>> 0;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const weighted = (list: ReadonlyArray<readonly [string, number]>): string => {
  let roll = random() * 100;
  for (const [value, weight] of list) if ((roll -= weight) < 0) return value;
  return list[0]![0];
};
const person = () => `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
const phone = () => `9${String(Math.floor(random() * 1e9)).padStart(9, '0')}`;
const pad = (n: number) => String(n).padStart(2, '0');

const config = loadConfig();
const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: { error: (o, m) => console.error(m, o) } });
const { db } = database;
await migrateToLatest(db);
if (values.method === 'copy' && database.dialect !== 'postgres') {
  console.error('seed: --method copy needs PostgreSQL (DATABASE_URL)');
  process.exit(2);
}
const bulk = database.dialect === 'postgres' && values.method !== 'insert';

const now = new Date(nowMs()).toISOString();
const SEED_PASSWORD = demo ? 'Demo@12345' : 'Seed@12345';
const passwordHash = await hashPassword(SEED_PASSWORD);
// The configured store: DATA_DIR/images, or the S3 bucket when S3_BUCKET is set.
const store = await createImageStore(config.imageStorage);
await store.init();

const ngos: Array<{ id: number; users: number[]; staff: Staff[]; vets: string[] }> = [];
for (let i = 0; i < ngoCount; i++) {
  const name = ngoCount <= NGO_NAMES.length ? NGO_NAMES[i]! : `${NGO_NAMES[i % NGO_NAMES.length]} ${Math.floor(i / NGO_NAMES.length) + 1}`;
  const [locality, city, pin] = pick(LOCALITIES);
  const ngo = await db
    .insertInto('ngos')
    .values({ name, description: `Animal rescue and ABC programme in ${city}.`, helpline: phone(), email: `help${i + 1}@example.org`, website: 'https://example.org', mission: `Care for every street animal of ${locality}, ${pin}.`, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const users: number[] = [];
  const staff: Staff[] = [];
  for (const [role, count] of [['Founder', 1], ['Manager', 1], ['Worker', 3]] as const) {
    for (let u = 0; u < count; u++) {
      // Predictable sign-ins (founder.1, worker2.1, ...): NGO ids are unique, so reruns never clash.
      const username = `${role.toLowerCase()}${u ? u + 1 : ''}.${ngo.id}`;
      const staffName = person();
      const row = await db
        .insertInto('users')
        .values({ ngo_id: ngo.id, name: staffName, email: `${username}@example.org`, username, contact: phone(), role, password_hash: passwordHash, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      users.push(row.id);
      staff.push({ id: row.id, role, name: staffName });
      if (demo) console.log(`  ${name}: ${role} ${username} / ${SEED_PASSWORD}`);
    }
  }
  const vets: string[] = [];
  for (let v = 0; v < 5; v++) {
    const vetName = `Dr. ${person()}`;
    vets.push(vetName);
    await db.insertInto('vets').values({ ngo_id: ngo.id, name: vetName, reg_id: `VC-${ngo.id}-${1000 + v}`, created_at: now, updated_at: now }).execute();
  }
  for (let r = 0; r < 20; r++) {
    await db.insertInto('reporters').values({ ngo_id: ngo.id, name: person(), contact: phone(), email: random() < 0.5 ? `reporter${r}.${ngo.id}@example.org` : null, created_at: now, updated_at: now }).execute();
  }
  for (const [s, type] of ['Sterilization', 'Vaccination', 'Post Op Care'].entries()) {
    await db.insertInto('sponsors').values({ ngo_id: ngo.id, name: `${pick(LAST_NAMES)} Foundation`, type, amount: 50_000 * (s + 1), start_date: '2026-04-01', end_date: '2027-03-31', created_at: now, updated_at: now }).execute();
  }
  ngos.push({ id: ngo.id, users, staff, vets });
}

const THREE_YEARS_MS = 3 * 365 * 24 * 3600 * 1000;
const start = nowMs() - THREE_YEARS_MS;
async function photo(ngoId: number, uploadedBy: number, fieldName: string, label: string): Promise<string> {
  const hue = Math.floor(random() * 360);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},55%,45%)"/></linearGradient></defs><rect width="800" height="600" fill="url(#g)"/><circle cx="400" cy="270" r="120" fill="rgba(255,255,255,0.35)"/><text x="400" y="470" font-family="sans-serif" font-size="56" text-anchor="middle" fill="white">${label}</text></svg>`;
  const image = await processUpload(await sharp(Buffer.from(svg)).jpeg().toBuffer());
  const fileName = `${crypto.randomUUID()}.${image.extension}`;
  await store.put({ ngoId, fileName }, image.data, image.contentType);
  await db.insertInto('images').values({ ngo_id: ngoId, file_name: fileName, field_name: fieldName, content_type: image.contentType, byte_size: image.data.length, width: image.width, height: image.height, uploaded_by: uploadedBy, created_at: now }).execute();
  return fileName;
}

// Dates and times on the NGOs' calendar (TIME_ZONE, Asia/Kolkata by default), as the server reads them.
// The zone's offset is read once a quarter hour: every offset in use is a whole number of quarter
// hours, so it changes only at one; Intl's formatToParts took about half of a case's making.
const OFFSET_BY_QUARTER = new Map<number, number>();
const QUARTER_MS = 15 * 60 * 1000;
/** wallClockAt(instant, TIME_ZONE), the same answer. */
function wallClock(instant: number): { date: string; time: string } {
  const quarter = Math.floor(instant / QUARTER_MS);
  let offset = OFFSET_BY_QUARTER.get(quarter);
  if (offset === undefined) {
    const { date, time } = wallClockAt(quarter * QUARTER_MS, config.timeZone);
    offset = Date.parse(`${date}T${time}:00.000Z`) - quarter * QUARTER_MS;
    OFFSET_BY_QUARTER.set(quarter, offset);
  }
  const local = new Date(instant + offset).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}
const dayOf = (d: Date): string => wallClock(d.getTime()).date;
const DAY_MS = 24 * 3600 * 1000;
/** How far a case has come: each status has passed the steps before it. */
const STAGE: Record<string, number> = { Reported: 0, Admitted: 1, 'Blood Test': 2, Operation: 3, 'Post Operation': 4, Released: 5 };

/** A case row with what goes beside it: its post-operative log and its audit entries. */
interface SeededCase {
  row: NewCaseRow;
  days: PostOpDayPlan[];
  /** Step saves for the case timeline (the demo only; bulk data gets the 'create' entry). */
  steps: Array<{ action: string; actor: Staff; at: string; fields: Array<keyof NewCaseRow & string> }>;
}

const rng = { next: random, pick };
/** API field names of the columns the demo's timeline shows. */
const FIELD_OF: Record<string, string> = {
  reporter_name: 'reporterName', location: 'location', reported_date: 'reportedDate', capture_latitude: 'captureLatitude', capture_longitude: 'captureLongitude',
  capture_accuracy: 'captureAccuracy', ward_zone: 'wardZone', catching_squad: 'catchingSquad', collar_tag: 'collarTag', animal_gender: 'animalGender',
  fit_for_surgery: 'fitForSurgery', unfit_reason: 'unfitReason', vaccine_name: 'vaccineName', vaccine_batch: 'vaccineBatch', vaccination_date: 'vaccinationDate',
  admission_date: 'admissionDate', vet_name: 'vetName', operation_date: 'operationDate', operation_outcome: 'operationOutcome', ear_notch: 'earNotch',
  release_date: 'releaseDate', release_latitude: 'releaseLatitude', release_longitude: 'releaseLongitude', release_override_reason: 'releaseOverrideReason',
  release_distance_m: 'releaseDistanceM', death_date: 'deathDate', death_cause: 'deathCause',
};

async function makeCase(index: number, onlyReported = false): Promise<SeededCase> {
  const ngo = ngos[index % ngos.length]!;
  // Spread over the three years before the seeding began, never after the moment it is made (the hour's
  // jitter of the newest cases would otherwise lie in the future, and the case rules refuse those).
  const created = new Date(Math.min(nowMs(), start + (THREE_YEARS_MS * index) / Math.max(1, caseCount) + random() * 3_600_000));
  const date = dayOf(created);
  // Later steps happen days after the report, but never after today.
  const later = (days: number) => dayOf(new Date(Math.min(nowMs(), created.getTime() + days * DAY_MS)));
  const { time } = wallClock(created.getTime());
  const [locality, city, pin] = pick(LOCALITIES);
  const status = onlyReported ? 'Reported' : weighted(STATUS_WEIGHTS);
  const stage = STAGE[status] ?? 0;
  const mortality = weighted(MORTALITY_WEIGHTS);
  const species = random() < 0.8 ? 'Dog' : random() < 0.8 ? 'Cat' : pick(['Bird', 'Other']);
  const gender = pick(['Male', 'Female']);
  const createdBy = pick(ngo.users);
  const admitted = stage >= 1;
  const operated = stage >= 3;
  const recovering = stage >= 4;
  const admittedDays = 1 + Math.floor(random() * 2);
  const operatedDays = admittedDays + 1 + Math.floor(random() * 3);
  const careDays = 3 + Math.floor(random() * 8);
  const startMinutes = 9 * 60 + Math.floor(random() * 8 * 60);
  const clock = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  const type = weighted(TYPE_WEIGHTS);
  // Picked up an hour and a half after the report, the same day (at the latest a minute before midnight).
  const reportedMinutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const pickupTime = admitted ? clock(Math.min(23 * 60 + 59, reportedMinutes + 90)) : null;
  const row: NewCaseRow = {
    ngo_id: ngo.id,
    type,
    status,
    mortality,
    cause_of_failure: mortality === 'Fatal' ? pick(['Died during surgery', 'Succumbed to injuries', 'Distemper']) : null,
    reporter_name: person(),
    reporter_contact: phone(),
    reporter_email: random() < 0.3 ? `reporter${index}@example.org` : null,
    location: `${Math.floor(random() * 200) + 1}, ${locality}, ${city}`,
    landmark: pick(LANDMARKS),
    pincode: String(pin + Math.floor(random() * 10)),
    reported_date: date,
    reported_time: time,
    pickup_date: admitted ? date : null,
    pickup_time: pickupTime,
    reporting_modified_by: 'Worker',
    unique_id: `${city.slice(0, 3).toUpperCase()}-${String(index + 1).padStart(7, '0')}`,
    animal_species: species,
    animal_breed: random() < 0.85 ? 'Indie' : 'Pet',
    animal_age: pick(['0-1 Yrs', '1-5 Yrs', '1-5 Yrs', '5-10 Yrs', '10+ Yrs']),
    animal_temperament: pick(['Friendly', 'Scared', 'Scared', 'Aggressive']),
    animal_gender: gender,
    animal_pregnant: gender === 'Female' ? (random() < 0.1 ? 'Yes' : 'No') : null,
    animal_catchable: random() < 0.9 ? 'Yes' : 'No',
    animal_color: pick(COLOURS),
    animal_marking: pick(MARKINGS),
    animal_weight: Math.round((species === 'Dog' ? 8 + random() * 20 : 2 + random() * 4) * 10) / 10,
    admission_reason: pick(REASONS),
    animal_modified_by: 'Worker',
    // The demo's photo is made once the case is accepted (acceptedCase), not for a case made again.
    animal_pictures: '[]',
    vaccination_status: admitted ? pick(['Already Done', 'To be done in NGO', 'Not Done']) : null,
    dewormed: admitted ? pick(['Already Done', 'To be done in NGO']) : null,
    fit_for_surgery: stage >= 2 ? (random() < 0.9 ? 'Yes' : 'Unsure') : null,
    admission_date: admitted ? later(admittedDays) : null,
    medical_modified_by: admitted ? 'Manager' : null,
    vet_name: operated ? pick(ngo.vets) : null,
    operation_date: operated ? later(operatedDays) : null,
    operation_start_time: operated ? clock(startMinutes) : null,
    operation_end_time: operated ? clock(startMinutes + 30 + Math.floor(random() * 60)) : null,
    operation_outcome: operated ? (mortality === 'Fatal' ? 'Failure' : random() < 0.95 ? 'Success' : 'Complicated') : null,
    operation_modified_by: operated ? 'Manager' : null,
    pop_facility: recovering ? pick(['In Shelter', 'In Shelter', 'Not in shelter']) : null,
    pop_expected_days: recovering ? careDays : null,
    pop_start_date: recovering ? later(operatedDays) : null,
    pop_end_date: recovering ? later(operatedDays + careDays) : null,
    release_date: status === 'Released' ? later(operatedDays + careDays) : null,
    euthanized: recovering ? (mortality === 'Fatal' && random() < 0.3 ? 'Yes' : 'No') : null,
    pop_location: status === 'Released' ? `${locality} (where found)` : null,
    post_operation_modified_by: recovering ? 'Worker' : null,
    created_by: createdBy,
    created_at: created.toISOString(),
    updated_at: created.toISOString(),
  };
  const abc = abcPlan(rng, {
    index,
    type,
    status,
    mortality,
    species,
    gender,
    admitted,
    operated,
    recovering,
    date,
    time,
    pickupTime,
    later,
    admittedDays,
    operatedDays,
    careDays,
    staff: ngo.staff,
    boost: demo ? 4 : 1,
  });
  Object.assign(row, abc.columns);
  if (abc.noOperation) {
    Object.assign(row, { vet_name: null, operation_date: null, operation_start_time: null, operation_end_time: null, operation_outcome: null, operation_modified_by: null });
  }
  // A dog that died in post-operative care ended it that day, and was not released.
  if (row.death_date) {
    if (row.pop_end_date && row.pop_end_date > row.death_date) row.pop_end_date = row.death_date;
    row.release_date = null;
    if (row.release_time !== undefined) row.release_time = null;
  }
  const steps: SeededCase['steps'] = [];
  if (demo) {
    const actor = (role: string) => ngo.staff.find((s) => s.role === role) ?? ngo.staff[0]!;
    const at = (days: number) => new Date(Math.min(nowMs(), created.getTime() + days * DAY_MS + 3_600_000)).toISOString();
    steps.push({ action: 'updateReportingDetail', actor: actor('Worker'), at: at(0), fields: ['reporter_name', 'location', 'reported_date', 'capture_latitude', 'capture_longitude', 'capture_accuracy', 'ward_zone', 'catching_squad'] });
    if (admitted) {
      steps.push({ action: 'updateAnimalDetail', actor: actor('Worker'), at: at(admittedDays), fields: ['animal_gender', 'collar_tag'] });
      steps.push({ action: 'updateMedicalDetail', actor: actor('Manager'), at: at(admittedDays), fields: ['admission_date', 'fit_for_surgery', 'unfit_reason', 'vaccine_name', 'vaccine_batch', 'vaccination_date'] });
    }
    if (operated && !abc.noOperation) steps.push({ action: 'updateOperationDetail', actor: actor('Manager'), at: at(operatedDays), fields: ['vet_name', 'operation_date', 'operation_outcome', 'ear_notch'] });
    if (recovering || row.death_date) {
      steps.push({ action: 'updatePostOperationDetail', actor: actor('Worker'), at: at(operatedDays + careDays), fields: ['release_date', 'release_latitude', 'release_longitude', 'release_override_reason', 'release_distance_m', 'death_date', 'death_cause'] });
    }
  }
  return { row, days: abc.days, steps };
}

/** What the server's own date rules say of a seeded case: its first problem, or null (docs/product.md#dates-of-a-case). */
function dateProblem(seeded: SeededCase): string | null {
  // flatState reads a stored row's step columns; a row about to be inserted has them all.
  const state = flatState(seeded.row as unknown as CaseRow);
  state[POST_OP_DAYS_KEY] = seeded.days.map((d) => ({ dayNumber: d.day_number, logDate: d.log_date }));
  // latestEventMoment(now, 0, zone) is the wall clock now.
  const latest = wallClock(nowMs());
  return caseRuleProblems(state, 'all', { latest }, DATE_RULES)[0]?.message ?? null;
}

/**
 * A case the server would accept: made again (other random details) while it breaks a date rule,
 * which only the newest cases can (a step dated today at a time still to come); after a few tries it
 * stays a report, whose date and time are in the past.
 */
async function acceptedCase(index: number): Promise<SeededCase> {
  let seeded = await makeCase(index);
  let problem = dateProblem(seeded);
  for (let attempt = 1; attempt < 8 && problem !== null; attempt++) problem = dateProblem((seeded = await makeCase(index)));
  if (problem !== null) problem = dateProblem((seeded = await makeCase(index, true)));
  if (problem !== null) throw new Error(`seed: case ${index + 1} breaks the date rules: ${problem}`);
  const { row } = seeded;
  if (demo) row.animal_pictures = serializeList([await photo(row.ngo_id, row.created_by ?? 0, 'AnimalPictures', row.animal_species ?? 'Animal')]);
  return seeded;
}

/** An audit value as the timeline shows it: lists of ids parsed, everything else as stored. */
function shown(column: string, value: unknown): unknown {
  if (column === 'catching_squad') return JSON.parse(String(value ?? '[]'));
  return value ?? null;
}

/** The row of a case as written: its columns and the phonetic keys of the word index (migration 022), as the case repository writes them. */
const caseRowOf = (c: SeededCase, id?: number) => ({ ...(id === undefined ? {} : { id }), ...c.row, ...caseSearchKeys(c.row) });

/** A case's post-operative log days, as rows. */
const dayRowsOf = (c: SeededCase, caseId: number) =>
  c.days.map((d) => ({ ...d, ngo_id: c.row.ngo_id, case_id: caseId, photos: '[]', created_at: `${d.log_date}T10:00:00.000Z`, updated_by: d.created_by, updated_at: `${d.log_date}T10:00:00.000Z` }));

/** The timeline: every case has its 'create' entry; the demo's cases also their step saves and log days. */
function timelineOf(c: SeededCase, caseId: number) {
  const ngo = ngos.find((n) => n.id === c.row.ngo_id)!;
  const creator = ngo.staff.find((s) => s.id === c.row.created_by) ?? ngo.staff[0]!;
  const base = { ngo_id: c.row.ngo_id, entity: 'case', entity_id: String(caseId) };
  const create = {
    ...base,
    at: c.row.created_at,
    actor_id: creator.id,
    actor_role: creator.role,
    actor_name: creator.name,
    action: 'create',
    fields: '["type","status","mortality"]',
    // Bulk cases are recorded as created in their present state; the demo's move there by status changes.
    changes: JSON.stringify([
      { field: 'type', from: null, to: c.row.type },
      { field: 'status', from: null, to: demo ? 'Reported' : c.row.status },
      { field: 'mortality', from: null, to: demo ? 'Healthy' : c.row.mortality },
    ]),
  };
  const steps = c.steps.map((step) => {
    const changes = step.fields.filter((f) => c.row[f] !== null && c.row[f] !== undefined && c.row[f] !== '[]').map((f) => ({ field: FIELD_OF[f] ?? f, from: null, to: shown(f, c.row[f]) }));
    return { ...base, at: step.at, actor_id: step.actor.id, actor_role: step.actor.role, actor_name: step.actor.name, action: step.action, fields: JSON.stringify(changes.map((x) => x.field)), changes: JSON.stringify(changes) };
  });
  const logged = demo
    ? c.days.map((d) => {
        const author = ngo.staff.find((s) => s.id === d.created_by)!;
        const changes = (['wound_state', 'appetite', 'temperature'] as const).map((f) => ({ field: `postOpDays.${d.day_number}.${f === 'wound_state' ? 'woundState' : f}`, from: null, to: d[f] }));
        return { ...base, at: `${d.log_date}T10:00:00.000Z`, actor_id: author.id, actor_role: author.role, actor_name: author.name, action: 'addPostOpDay', fields: JSON.stringify(changes.map((x) => x.field)), changes: JSON.stringify(changes) };
      })
    : [];
  const last = c.steps[c.steps.length - 1];
  const moves = [
    ...(c.row.status !== 'Reported' ? [{ field: 'status', from: 'Reported', to: c.row.status }] : []),
    ...(c.row.mortality !== 'Healthy' ? [{ field: 'mortality', from: 'Healthy', to: c.row.mortality }] : []),
  ];
  const update =
    demo && last && moves.length > 0
      ? [{ ...base, at: last.at, actor_id: last.actor.id, actor_role: last.actor.role, actor_name: last.actor.name, action: 'update', fields: JSON.stringify(moves.map((m) => m.field)), changes: JSON.stringify(moves) }]
      : [];
  return [create, ...steps, ...logged, ...update].filter((e) => e.changes !== '[]').sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

// SQLite allows 32,766 bound values a statement; PostgreSQL 65,535.
const BATCH = 400;
const PER_TRANSACTION = 10_000;
/** Cases a COPY of each table: the seeder makes the next while PostgreSQL takes them. */
const COPY_CHUNK = 2_000;
/** Cases made between two turns of the event loop, in which the socket takes what is written. */
const COPY_SLICE = 250;
const began = Date.now();
let written = 0;
const tty = process.stderr.isTTY;
let lastShown = -1;
function progress(): void {
  const share = caseCount === 0 ? 1 : written / caseCount;
  const percent = Math.floor(share * 100);
  if (!tty && percent === lastShown) return;
  if (!tty && percent % 10 !== 0 && written !== caseCount) return;
  lastShown = percent;
  const rate = Math.round(written / Math.max(0.001, (Date.now() - began) / 1000));
  const bar = '#'.repeat(Math.round(share * 30)).padEnd(30, '.');
  process.stderr.write(`${tty ? '\r' : ''}[${bar}] ${String(percent).padStart(3)}%  ${written.toLocaleString('en-IN')} / ${caseCount.toLocaleString('en-IN')} cases  ${rate.toLocaleString('en-IN')}/s${tty ? '' : '\n'}`);
}

/** Batched INSERTs, a transaction every PER_TRANSACTION cases, the triggers keeping counts and words as rows arrive. */
async function insertCases(): Promise<void> {
  while (written < caseCount) {
    const chunk = Math.min(PER_TRANSACTION, caseCount - written);
    const seeded: SeededCase[] = [];
    for (let i = 0; i < chunk; i++) seeded.push(await acceptedCase(written + i));
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < seeded.length; i += BATCH) {
        const batch = seeded.slice(i, i + BATCH);
        const ids = await trx.insertInto('cases').values(batch.map((c) => caseRowOf(c))).returning('id').execute();
        const days = batch.flatMap((c, k) => dayRowsOf(c, ids[k]!.id));
        for (let j = 0; j < days.length; j += BATCH) await trx.insertInto('case_post_op_days').values(days.slice(j, j + BATCH)).execute();
        const audit = batch.flatMap((c, k) => timelineOf(c, ids[k]!.id));
        for (let j = 0; j < audit.length; j += BATCH) await trx.insertInto('audit_log').values(audit.slice(j, j + BATCH)).execute();
      }
    });
    written += chunk;
    progress();
  }
}

/** A chunk of cases as COPY's text, kept as lines rather than rows: fewer objects live for the collector to move. */
interface CopyChunk {
  count: number;
  cases: string;
  days: string;
  timeline: string;
}

/** PostgreSQL: COPY in one transaction, the row triggers' tables written after the last case (seed-postgres-copy.ts). */
async function copyCases(databaseUrl: string): Promise<void> {
  const load = await openBulkLoad(databaseUrl, caseCount);
  async function makeChunk(first: number): Promise<CopyChunk> {
    const count = Math.min(COPY_CHUNK, caseCount - first);
    const cases: string[] = [];
    const days: string[] = [];
    const timeline: string[] = [];
    for (let k = 0; k < count; k++) {
      const c = await acceptedCase(first + k);
      const id = load.firstCaseId + first + k;
      // The layers of caseRowOf(c, id), without building it.
      cases.push(load.line('cases', { id }, c.row, caseSearchKeys(c.row)));
      for (const day of dayRowsOf(c, id)) days.push(load.line('case_post_op_days', day));
      for (const entry of timelineOf(c, id)) timeline.push(load.line('audit_log', entry));
      // Lets the socket take the last chunk's text while this one is made.
      if (k % COPY_SLICE === COPY_SLICE - 1) await yieldToIo();
    }
    return { count, cases: cases.join(''), days: days.join(''), timeline: timeline.join('') };
  }
  try {
    // The next chunk is made while PostgreSQL takes the last one: the seeder and the database work side by side.
    let next = caseCount > 0 ? makeChunk(0) : undefined;
    while (next) {
      const chunk = await next;
      next = written + chunk.count < caseCount ? makeChunk(written + chunk.count) : undefined;
      // Its failure is met at its await, after this chunk's COPY; until then it is not unhandled.
      next?.catch(() => {});
      await load.copy('cases', [chunk.cases]);
      await load.copy('case_post_op_days', [chunk.days]);
      await load.copy('audit_log', [chunk.timeline]);
      written += chunk.count;
      progress();
    }
    if (tty) process.stderr.write('\n');
    const finishing = Date.now();
    process.stderr.write('Writing the counts and list versions of the new cases, and the word key ...\n');
    await load.finish();
    process.stderr.write(`... done in ${((Date.now() - finishing) / 1000).toFixed(1)} s\n`);
  } catch (err) {
    await load.abort().catch(() => {});
    throw err;
  } finally {
    await load.end();
  }
}

if (bulk) await copyCases(config.databaseUrl!);
else await insertCases();
if (tty && !bulk) process.stderr.write('\n');
// The planner needs to know the new data's shape (how common each word and status is); PostgreSQL's
// VACUUM also marks the pages all-visible, which the word table's index-only scans rely on.
const analysing = Date.now();
await database.analyze();
process.stderr.write(`Vacuumed and analysed in ${((Date.now() - analysing) / 1000).toFixed(1)} s\n`);
// The word index was written a batch at a time: merged, a new search reads one segment per shard.
await optimizeCaseWords(db);
const seconds = (Date.now() - began) / 1000;
console.log(`Seeded ${ngoCount} NGOs (5 staff, 5 vets, 20 reporters and 3 sponsors each) and ${caseCount.toLocaleString('en-IN')} cases in ${seconds.toFixed(1)} s.`);
if (database.dialect === 'postgres') {
  const sizes = await databaseSizes(config.databaseUrl!);
  const size = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;
  console.log(`Database size: ${size(sizes.database)}; largest tables (with their indexes): ${sizes.tables.map((t) => `${t.table} ${size(t.total)} (indexes ${size(t.indexes)})`).join(', ')}.`);
}
const ids = ngos.map((n) => n.id);
console.log(`Staff logins: founder.N, manager.N, worker.N, worker2.N and worker3.N for each NGO id N (${ids.length > 3 ? `${ids[0]} to ${ids[ids.length - 1]}` : ids.join(', ')}); password ${SEED_PASSWORD}.`);
// The seed makes no Admin: the server creates one at its start when none is active, and says how to sign in.
const admins = await new UserRepository(db).countActiveAdmins();
console.log(
  admins > 0
    ? 'Admin: the database already has an active Admin account; sign in with it.'
    : 'Admin: none yet. `npm start` creates one and prints its login ID and password (set ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD to choose them).',
);
await store.close();
await database.destroy();
