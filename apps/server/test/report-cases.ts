import type { Kysely } from 'kysely';
import type { DB, NewCaseRow } from '../src/db/schema';

/**
 * A case written straight into the table with exactly the fields a report test counts: a
 * Sterilization case of a dog unless told otherwise. Reports read stored fields, so the fixtures
 * say precisely which dates and answers each case has (the rules that guard saves are tested elsewhere).
 */
export async function insertCase(db: Kysely<DB>, ngoId: number, fields: Partial<NewCaseRow> = {}): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('cases')
    .values({
      ngo_id: ngoId,
      type: 'Sterilization',
      status: 'Reported',
      mortality: 'Healthy',
      animal_species: 'Dog',
      animal_age: '1-5 Yrs',
      catching_squad: '[]',
      release_flagged: 0,
      created_at: now,
      updated_at: now,
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Many cases at once (one insert per 500), for tests that need more than a page of an export; the ids in no set order. */
export async function insertCases(db: Kysely<DB>, ngoId: number, fieldsOf: ReadonlyArray<Partial<NewCaseRow>>): Promise<number[]> {
  const now = new Date().toISOString();
  const ids: number[] = [];
  for (let start = 0; start < fieldsOf.length; start += 500) {
    const rows = fieldsOf.slice(start, start + 500).map((fields) => ({ ngo_id: ngoId, type: 'Sterilization', status: 'Reported', mortality: 'Healthy', animal_species: 'Dog', animal_age: '1-5 Yrs', catching_squad: '[]', release_flagged: 0, created_at: now, updated_at: now, ...fields }));
    ids.push(...(await db.insertInto('cases').values(rows).returning('id').execute()).map((row) => row.id));
  }
  return ids;
}
