import { tr, type Language, type MessageKey, type MessageValues } from '@rescuedesk/shared';
import { parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld, type Caller } from '../../../test/api';
import { newCase, ok, refused } from '../../../test/cases';
import { linkVetNames } from '../../db/migrations/021-case-vet-link';
import { translate } from '../../lib/i18n';

/**
 * The operation's vet (issue 33): chosen from the NGO's vet directory it is stored as a link beside
 * the name; typed, it is stored as typed with no link, and the case sheet's source and the exports
 * mark it "not in the vet directory". On both databases.
 */
const ctx = useTwoNgoWorld();

const OPERATION = '/api/case/updateOperationDetail';

const inLanguage = (language: Language, key: MessageKey, values?: MessageValues) => translate(language, key, values);

async function addVet(ngoId: number, name: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await ctx.t.database.db.insertInto('vets').values({ ngo_id: ngoId, name, reg_id: `VC-${name.length}`, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function csvRows(caller: Caller, url: string, body: object, language: Language = 'en'): Promise<string[][]> {
  const response = await ctx.t.app.inject({ method: 'POST', url, payload: body, headers: { cookie: caller.cookie, 'accept-language': language } });
  expect(response.statusCode, response.body).toBe(200);
  return parse(response.body, { bom: true });
}

/** The vet name column's cells of a CSV, by case id. */
function vetCells(rows: string[][], language: Language): Map<string, string> {
  const [header, ...body] = rows;
  const id = header!.indexOf(inLanguage(language, 'reports.csv.caseId'));
  const vet = header!.indexOf(inLanguage(language, 'field.vetName'));
  expect(vet).toBeGreaterThanOrEqual(0);
  expect(header).not.toContain(inLanguage(language, 'field.vetId'));
  return new Map(body.map((r) => [r[id]!, r[vet]!]));
}

describe('the vet of an operation', () => {
  it('keeps the link of a vet chosen from the directory and none for a typed name, which the exports mark', async () => {
    const { inA, b, a } = ctx.world;
    const meera = await addVet(a.id, 'Dr. Meera Rao');
    const chosen = await newCase(inA.Worker);
    const typed = await newCase(inA.Worker);

    const saved = await ok(inA.Worker, OPERATION, { caseId: chosen, vetId: meera, vetName: 'Dr. Meera Rao', operationDate: '2026-03-04' });
    expect(saved.operationDetail).toMatchObject({ vetId: meera, vetName: 'Dr. Meera Rao' });
    await ok(inA.Worker, OPERATION, { caseId: typed, vetName: 'Dr. Arjun', operationDate: '2026-03-04' });
    const read = await ok(inA.Worker, '/api/case/getCaseById', { id: typed });
    expect(read.operationDetail).toMatchObject({ vetId: null, vetName: 'Dr. Arjun' });

    // Typing over a chosen name drops the link: the name is now the typed one.
    const retyped = await ok(inA.Worker, OPERATION, { caseId: chosen, vetId: null, vetName: 'Dr. Meera R.' });
    expect(retyped.operationDetail).toMatchObject({ vetId: null, vetName: 'Dr. Meera R.' });
    await ok(inA.Worker, OPERATION, { caseId: chosen, vetId: meera, vetName: 'Dr. Meera Rao' });

    // Both dogs in the March register: captured in March.
    await ctx.t.database.db.updateTable('cases').set({ capture_date: '2026-03-03', animal_species: 'Dog' }).where('id', 'in', [chosen, typed]).execute();
    for (const language of ['en', 'hi'] as const) {
      const marked = inLanguage(language, 'cases.step.vetNameNotInDirectory', { name: 'Dr. Arjun' });
      expect(marked).not.toBe('Dr. Arjun');
      const exported = vetCells(await csvRows(inA.Manager, '/api/export/cases', {}, language), language);
      expect(exported.get(String(chosen))).toBe('Dr. Meera Rao');
      expect(exported.get(String(typed))).toBe(marked);
      const register = vetCells(await csvRows(inA.Manager, '/api/report/getAbcRegisterCsv', { month: '2026-03' }, language), language);
      expect(register.get(String(chosen))).toBe('Dr. Meera Rao');
      expect(register.get(String(typed))).toBe(marked);
    }

    // Another NGO's vet is no link for this case: refused, nothing saved.
    const theirs = await addVet(b.id, 'Dr. Elsewhere');
    await refused(inA.Worker, OPERATION, { caseId: typed, vetId: theirs, vetName: 'Dr. Elsewhere' }, 422, tr('validation.vetOfNgo', { field: tr('field.vetId') }));
    expect((await ok(inA.Worker, '/api/case/getCaseById', { id: typed })).operationDetail).toMatchObject({ vetId: null, vetName: 'Dr. Arjun' });
  });

  it('links the names of cases saved before the link to the one vet of their NGO so named', async () => {
    const { inA, a, b } = ctx.world;
    const { db } = ctx.t.database;
    const vet = await addVet(a.id, 'Dr. Kavya Iyer');
    await addVet(b.id, 'Dr. Only In B');
    const same = await newCase(inA.Worker);
    const otherCase = await newCase(inA.Worker);
    const otherNgo = await newCase(inA.Worker);
    await db.updateTable('cases').set({ vet_name: ' dr. kavya iyer ', vet_id: null }).where('id', '=', same).execute();
    await db.updateTable('cases').set({ vet_name: 'Dr. Arjun', vet_id: null }).where('id', '=', otherCase).execute();
    await db.updateTable('cases').set({ vet_name: 'Dr. Only In B', vet_id: null }).where('id', '=', otherNgo).execute();

    await linkVetNames(db as unknown as Kysely<unknown>);

    const rows = await db.selectFrom('cases').select(['id', 'vet_id']).where('id', 'in', [same, otherCase, otherNgo]).orderBy('id').execute();
    expect(rows).toEqual([
      { id: same, vet_id: vet },
      { id: otherCase, vet_id: null },
      { id: otherNgo, vet_id: null },
    ]);
  });
});

describe("a case step's directory choices", () => {
  it("answers the NGO's vets, active staff and latest reporters, never another NGO's", async () => {
    const { inA, inB, a, b, admin } = ctx.world;
    const vet = await addVet(a.id, 'Dr. Meera Rao');
    const theirVet = await addVet(b.id, 'Dr. Elsewhere');
    const reporter = await ok(inA.Worker, '/api/reporter/createReporter', { name: 'Sunita Patil', contact: '9845012345' });

    const choices = await ok(inA.Worker, '/api/case/getDirectoryChoices', {});
    expect(choices.vets).toContainEqual({ id: vet, name: 'Dr. Meera Rao' });
    expect(choices.vets.map((v: { id: number }) => v.id)).not.toContain(theirVet);
    expect(choices.staff).toContainEqual({ id: inA.Worker.id, name: expect.any(String), active: true });
    expect(choices.staff.map((s: { id: number }) => s.id)).not.toContain(inB.Worker.id);
    expect(choices.reporters).toContainEqual({ id: reporter.id, ngoId: a.id, name: 'Sunita Patil', contact: '9845012345', alternateContact: null, email: null });
    expect(choices.reporters[0]).not.toHaveProperty('verificationId');

    const forB = await ok(admin, '/api/case/getDirectoryChoices', { ngoId: b.id });
    expect(forB.vets).toEqual([{ id: theirVet, name: 'Dr. Elsewhere' }]);
    expect((await inA.Worker.post('/api/case/getDirectoryChoices', { ngoId: b.id })).statusCode).toBe(404);
    await refused(admin, '/api/case/getDirectoryChoices', {}, 422, tr('validation.ngoRequired'));
  });
});
