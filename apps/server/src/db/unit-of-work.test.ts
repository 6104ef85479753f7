import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { UnitOfWork } from './unit-of-work';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('transactions', () => {
  it('report the error that failed them, even when the database has already rolled back by itself', async () => {
    const { db, dialect } = t.database;
    // A write the database refuses mid-transaction. SQLite's RAISE(ROLLBACK) ends the transaction
    // itself, as a full disk or an I/O error does, so a later ROLLBACK finds nothing to roll back.
    await sql`CREATE TABLE drill_refusals (id integer)`.execute(db);
    if (dialect === 'sqlite') {
      await sql`CREATE TRIGGER drill_refuse BEFORE INSERT ON drill_refusals BEGIN SELECT RAISE(ROLLBACK, 'refused by the database'); END`.execute(db);
    } else {
      await sql`CREATE FUNCTION drill_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the database'; END; $$`.execute(db);
      await sql`CREATE TRIGGER drill_refuse BEFORE INSERT ON drill_refusals FOR EACH ROW EXECUTE FUNCTION drill_refuse()`.execute(db);
    }
    const uow = new UnitOfWork(db, (d) => ({ db: d }));
    const attempt = uow.transaction(async ({ db: trx }) => {
      await trx.insertInto('ngos').values({ name: 'Half-saved NGO', created_at: '2026-11-23T00:00:00.000Z', updated_at: '2026-11-23T00:00:00.000Z' }).execute();
      await sql`INSERT INTO drill_refusals (id) VALUES (1)`.execute(trx);
    });
    await expect(attempt).rejects.toThrow('refused by the database');
    expect(await db.selectFrom('ngos').select('id').where('name', '=', 'Half-saved NGO').execute()).toEqual([]);
    // The connection is usable afterwards.
    await uow.transaction(async ({ db: trx }) => {
      await trx.insertInto('ngos').values({ name: 'Saved NGO', created_at: '2026-11-23T00:00:00.000Z', updated_at: '2026-11-23T00:00:00.000Z' }).execute();
    });
    expect(await db.selectFrom('ngos').select('name').where('name', '=', 'Saved NGO').execute()).toHaveLength(1);
  });
});
