import type { RetentionRunResult, TimelineEntry } from '@rescuedesk/shared';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld, type Caller } from '../../../test/api';
import { REPORTING, newCase, ok, upload } from '../../../test/cases';
import type { TestApp } from '../../../test/test-app';
import { redactEarlierAnonymised } from '../../db/migrations/037-audit-redaction';
import { ImageRepository } from '../image/image.repository';
import { sweepOrphanFiles } from '../image/image.service';
import { retentionUnitOfWork } from './privacy.module';
import { RetentionService } from './retention.service';

const RUN = '/api/privacy/runRetention';
const CREATE = '/api/privacy/createDataRequest';
const ERASE = '/api/privacy/eraseDataRequest';
const TIMELINE = '/api/case/getCaseTimeline';

/** The reporter's values over two saves: every one of them must leave the case's audit rows. */
const PERSON = {
  oldName: 'Lakshmi Narayan',
  newName: 'Lakshmi N Rao',
  oldPhone: '+91 98450 70001',
  newPhone: '+91 98450 70002',
  altPhone: '+91 98450 70003',
  email: 'lakshmi.rao@example.org',
};
const TRACES = [PERSON.oldName, PERSON.newName, PERSON.oldPhone, PERSON.newPhone, PERSON.altPhone, PERSON.email, 'Lakshmi', '70001', '70002', '70003'];

/** A released case whose reporter was typed, then corrected, with an ID front and back and a consent form. */
async function caseWithDocuments(t: TestApp, worker: Caller): Promise<{ caseId: number; documents: string[] }> {
  const caseId = await newCase(worker);
  const documents = [await upload(t, worker, 'verificationIdFrontImage'), await upload(t, worker, 'verificationIdBackImage'), await upload(t, worker, 'consentFormImage')];
  const [front, back, consent] = documents;
  await ok(worker, '/api/case/updateReportingDetail', {
    caseId,
    ...REPORTING,
    reporterName: PERSON.oldName,
    reporterContact: PERSON.oldPhone,
    reporterAltContact: PERSON.altPhone,
    reporterEmail: PERSON.email,
    verificationIdFrontImage: front,
    verificationIdBackImage: back,
    consentFormImage: [consent],
  });
  await ok(worker, '/api/case/updateReportingDetail', { caseId, ...REPORTING, reporterName: PERSON.newName, reporterContact: PERSON.newPhone });
  await ok(worker, '/api/case/updateCase', { caseId, status: 'Released' });
  return { caseId, documents };
}

async function auditRows(t: TestApp, caseId: number) {
  return t.database.db.selectFrom('audit_log').selectAll().where('entity', '=', 'case').where('entity_id', '=', String(caseId)).orderBy('id').execute();
}

/** The case's audit rows as stored, as one text to search. */
async function rawRows(t: TestApp, caseId: number): Promise<string> {
  return JSON.stringify(await auditRows(t, caseId));
}

function tracesIn(text: string): string[] {
  return TRACES.filter((trace) => text.toLowerCase().includes(trace.toLowerCase()));
}

async function documentsLeft(t: TestApp, ngoId: number, names: readonly string[]) {
  const rows = await t.database.db.selectFrom('images').select('file_name').where('file_name', 'in', [...names]).execute();
  const files: string[] = [];
  for (const fileName of names) if (await t.store.read({ ngoId, fileName })) files.push(fileName);
  return { rows: rows.length, files };
}

async function makeExpired(t: TestApp, caseId: number): Promise<void> {
  await t.database.db.updateTable('cases').set({ updated_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', caseId).execute();
}

/** An update of the audit log that the database must refuse. */
async function refused(run: () => Promise<unknown>): Promise<void> {
  await expect(run()).rejects.toThrow(/append-only/);
}

describe("retention empties the case timeline's reporter values and the reporter's identity documents", () => {
  const ctx = useTwoNgoWorld();

  it("leaves no old or new name, phone or email in the raw audit rows, says why in the timeline, and removes the case's and the directory's identity documents", async () => {
    const { t, world } = ctx;
    const { caseId, documents } = await caseWithDocuments(t, world.inA.Worker);
    expect(tracesIn(await rawRows(t, caseId))).toEqual(TRACES);
    await makeExpired(t, caseId);
    // The same person in the directory, with an identity document, unchanged for years.
    const idCard = await upload(t, world.inA.Manager, 'Verification');
    const reporter = (await ok(world.inA.Manager, '/api/reporter/createReporter', { name: PERSON.newName, contact: PERSON.newPhone, verificationId: [idCard] })).id as number;
    await t.database.db.updateTable('reporters').set({ updated_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', reporter).execute();

    const run = (await ok(world.inA.Founder, RUN, {})) as RetentionRunResult;
    expect(run.ran).toBe(true);

    expect(tracesIn(await rawRows(t, caseId))).toEqual([]);
    const rows = await auditRows(t, caseId);
    const stamp = `retention:${run.run.day}`;
    expect(rows.filter((r) => r.action === 'updateReportingDetail').map((r) => r.redacted)).toEqual([stamp, stamp]);
    // The other fields' values stay: the place of the animal is not the reporter's.
    expect(rows.find((r) => r.action === 'updateReportingDetail')!.changes).toContain(REPORTING.location);

    const timeline = (await ok(world.inA.Founder, TIMELINE, { caseId })) as TimelineEntry[];
    expect(timeline[0]).toMatchObject({ action: 'emptyReporter', emptied: { by: 'retention', ref: run.run.day } });
    expect(timeline[0]!.fields).toEqual(expect.arrayContaining(['reporterName', 'reporterContact', 'verificationIdFrontImage', 'consentFormImage']));
    const saves = timeline.filter((e) => e.action === 'updateReportingDetail');
    expect(saves.every((e) => e.emptied?.by === 'retention')).toBe(true);
    expect(saves.flatMap((e) => e.changes).find((c) => c.field === 'reporterContact')).toEqual({ field: 'reporterContact', from: null, to: null });

    const kase = await t.database.db.selectFrom('cases').selectAll().where('id', '=', caseId).executeTakeFirstOrThrow();
    expect(kase).toMatchObject({ verification_id_front_image: null, verification_id_back_image: null, consent_form_image: '[]' });
    expect(await documentsLeft(t, world.a.id, [...documents, idCard])).toEqual({ rows: 0, files: [] });
    const directory = await t.database.db.selectFrom('reporters').select(['contact', 'verification_id']).where('id', '=', reporter).executeTakeFirstOrThrow();
    expect(directory).toEqual({ contact: '', verification_id: '[]' });
    expect(run.run.counts).toEqual({ cases: 1, reporters: 1, citizenReports: 0 });
  });

  it('still refuses every other change to the audit log, and a second redaction', async () => {
    const { t, world } = ctx;
    const { db } = t.database;
    const emptied = await caseWithDocuments(t, world.inA.Worker);
    await makeExpired(t, emptied.caseId);
    await ok(world.inA.Founder, RUN, {});
    const redacted = (await auditRows(t, emptied.caseId)).find((r) => r.redacted !== null)!;
    const kept = (await caseWithDocuments(t, world.inA.Worker)).caseId;
    const live = (await auditRows(t, kept)).find((r) => r.action === 'updateReportingDetail')!;
    const nulled = JSON.stringify((JSON.parse(live.changes!) as Array<{ field: string }>).map((c) => (c.field.startsWith('reporter') ? { field: c.field, from: null, to: null } : c)));

    // A redacted row changes no further, by another stamp or in any other column.
    await refused(() => db.updateTable('audit_log').set({ redacted: 'erasure:1' }).where('id', '=', redacted.id).execute());
    await refused(() => db.updateTable('audit_log').set({ action: 'update' }).where('id', '=', redacted.id).execute());
    // A redaction must empty the reporter values, only them, and touch nothing else.
    await refused(() => db.updateTable('audit_log').set({ redacted: 'retention:2030-01-01' }).where('id', '=', live.id).execute());
    await refused(() => db.updateTable('audit_log').set({ redacted: 'retention:2030-01-01', changes: nulled.replace(REPORTING.location, 'elsewhere') }).where('id', '=', live.id).execute());
    await refused(() => db.updateTable('audit_log').set({ redacted: 'retention:2030-01-01', changes: nulled, actor_name: 'someone' }).where('id', '=', live.id).execute());
    await refused(() => db.updateTable('audit_log').set({ redacted: 'because:I said so', changes: nulled }).where('id', '=', live.id).execute());
    await refused(() => db.updateTable('audit_log').set({ changes: '[]' }).where('id', '=', live.id).execute());
    await refused(() => db.deleteFrom('audit_log').where('id', '=', redacted.id).execute());
    await refused(() => db.deleteFrom('audit_log').where('id', '=', live.id).execute());
    await refused(() => sql`update audit_log set fields = '[]' where entity = 'retention'`.execute(db));
    expect(tracesIn(JSON.stringify(await db.selectFrom('audit_log').selectAll().where('id', '=', live.id).execute()))).not.toEqual([]);

    // The one change let through is the exact redaction.
    await db.updateTable('audit_log').set({ redacted: 'retention:2030-01-01', changes: nulled }).where('id', '=', live.id).execute();
    expect((await db.selectFrom('audit_log').select(['changes', 'redacted']).where('id', '=', live.id).executeTakeFirstOrThrow()).redacted).toBe('retention:2030-01-01');
  });

  it('leaves only files with no row when the server stops between the commit and the files, and the sweep removes them', async () => {
    const { t, world } = ctx;
    const { caseId, documents } = await caseWithDocuments(t, world.inA.Worker);
    await makeExpired(t, caseId);
    const stopped = { removeFiles: async () => {} };
    const { db } = t.database;
    const service = new RetentionService(
      retentionUnitOfWork(db),
      t.config.timeZone,
      stopped,
    );
    await service.runDaily(new Date());
    expect(await documentsLeft(t, world.a.id, documents)).toEqual({ rows: 0, files: documents });

    const swept = await sweepOrphanFiles(t.store, new ImageRepository(db), Date.now() + 11 * 60 * 1000);
    expect(swept.removed).toBeGreaterThanOrEqual(documents.length);
    expect(await documentsLeft(t, world.a.id, documents)).toEqual({ rows: 0, files: [] });
  });
});

describe('cases emptied before migration 037', () => {
  const ctx = useTwoNgoWorld();

  it("have their timeline's reporter values emptied by the migration, stamped with when the case was emptied", async () => {
    const { t, world } = ctx;
    const { db } = t.database;
    const { caseId } = await caseWithDocuments(t, world.inA.Worker);
    const kept = (await caseWithDocuments(t, world.inA.Worker)).caseId;
    const at = '2026-10-01T06:00:00.000Z';
    // As the retention run emptied a case before 037: the case's fields only.
    await db.updateTable('cases').set({ reporter_name: null, reporter_contact: null, reporter_alt_contact: null, reporter_email: null, reporter_anonymised_at: at }).where('id', '=', caseId).execute();
    const before = await auditRows(t, caseId);

    await redactEarlierAnonymised(db as unknown as Kysely<unknown>);

    expect(tracesIn(await rawRows(t, caseId))).toEqual([]);
    const after = await auditRows(t, caseId);
    expect(after.map((r) => r.redacted)).toEqual(before.map((r) => (r.changes?.includes('"reporter') ? `earlier:${at}` : null)));
    // Every other value stays, element for element.
    const others = (rows: typeof before) => rows.flatMap((r) => (JSON.parse(r.changes ?? '[]') as Array<{ field: string }>).filter((c) => !c.field.startsWith('reporter')));
    expect(others(after)).toEqual(others(before));
    expect(tracesIn(await rawRows(t, kept))).toEqual(TRACES);
    const timeline = (await ok(world.inA.Founder, TIMELINE, { caseId })) as TimelineEntry[];
    expect(timeline.find((e) => e.action === 'updateReportingDetail')?.emptied).toEqual({ by: 'earlier', ref: at });
  });
});

describe("an erasure empties the case timeline's reporter values and the identity documents, with images in S3", () => {
  const ctx = useTwoNgoWorld({ imageStore: 's3' });

  it("empties the case's and the directory reporter's documents and the timeline's values, stamped with the request", async () => {
    const { t, world } = ctx;
    const { caseId, documents } = await caseWithDocuments(t, world.inA.Worker);
    const idCard = await upload(t, world.inA.Manager, 'Verification');
    const reporter = (await ok(world.inA.Manager, '/api/reporter/createReporter', { name: PERSON.newName, contact: PERSON.newPhone, verificationId: [idCard] })).id as number;
    expect((await documentsLeft(t, world.a.id, [idCard])).files).toEqual([idCard]);

    const request = await ok(world.inA.Founder, CREATE, { kind: 'erasure', receivedOn: '2026-11-26', phone: PERSON.newPhone });
    const done = await ok(world.inA.Founder, ERASE, { id: request.id, reason: 'Asked to be forgotten' });
    expect(done.outcome.erased).toEqual({ cases: 1, reporters: 1, citizenReports: 0 });

    expect(tracesIn(await rawRows(t, caseId))).toEqual([]);
    const stamps = (await auditRows(t, caseId)).filter((r) => r.action === 'updateReportingDetail').map((r) => r.redacted);
    expect(stamps).toEqual([`erasure:${request.id}`, `erasure:${request.id}`]);
    const timeline = (await ok(world.inA.Founder, TIMELINE, { caseId })) as TimelineEntry[];
    expect(timeline[0]).toMatchObject({ action: 'emptyReporter', emptied: { by: 'erasure', ref: String(request.id) } });

    expect(await documentsLeft(t, world.a.id, [...documents, idCard])).toEqual({ rows: 0, files: [] });
    const directory = await t.database.db.selectFrom('reporters').select(['name', 'verification_id']).where('id', '=', reporter).executeTakeFirstOrThrow();
    expect(directory).toEqual({ name: '', verification_id: '[]' });
  });
});
