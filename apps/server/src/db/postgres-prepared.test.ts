import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { StatementNames } from './postgres-prepared';

/**
 * Reads and writes through the database layer as the app runs them. On PostgreSQL parameterised
 * queries are named prepared statements (postgres-prepared.ts) and wide rows keep one shape
 * (pg-row-shapes.ts); on SQLite the same tests hold through its own driver.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await sql`create table probe_rows (id integer primary key, label text not null)`.execute(t.database.db);
  await sql`insert into probe_rows (id, label) values (1, 'one'), (2, 'two')`.execute(t.database.db);
});
afterEach(async () => {
  await t.close();
});

const readProbe = (id: number) => sql<Record<string, unknown>>`select * from probe_rows where id = ${id}`.execute(t.database.db).then((r) => r.rows);

describe('the database layer', () => {
  it('answers the same parameterised read many times, from several connections at once', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => readProbe(1 + (i % 2))));
    for (const [i, rows] of answers.entries()) expect(rows).toEqual([{ id: 1 + (i % 2), label: i % 2 ? 'two' : 'one' }]);
    if (t.database.dialect === 'postgres') {
      const { rows } = await sql<{ n: number }>`select count(*) as n from pg_prepared_statements where statement like '%probe_rows%'`.execute(t.database.db);
      expect(rows[0]!.n).toBeGreaterThan(0);
    }
  });

  it('returns a column added under a running server to the reads that ask for every column', async () => {
    // Kept (prepared) on as many connections as answer at once, then the table changes.
    await Promise.all(Array.from({ length: 20 }, () => readProbe(1)));
    await sql`alter table probe_rows add column colour text`.execute(t.database.db);
    await sql`update probe_rows set colour = 'brown' where id = 1`.execute(t.database.db);
    const answers = await Promise.all(Array.from({ length: 20 }, () => readProbe(1)));
    for (const rows of answers) expect(rows).toEqual([{ id: 1, label: 'one', colour: 'brown' }]);
    expect(await readProbe(2)).toEqual([{ id: 2, label: 'two', colour: null }]);
  });

  it('commits a transaction after a table changed, at the latest on its second try', async () => {
    await readProbe(1);
    await sql`alter table probe_rows add column colour text`.execute(t.database.db);
    const write = () =>
      t.database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: number; colour: string | null }>`select * from probe_rows where id = ${1}`.execute(trx);
        await sql`update probe_rows set label = ${'first'} where id = ${rows[0]!.id}`.execute(trx);
        return rows[0];
      });
    // On PostgreSQL a statement kept from before the change is refused inside the transaction,
    // which then rolls back as on any error; the names start afresh, so the next try commits.
    const first = await write().catch((err: unknown) => err);
    if (first instanceof Error) expect(first.message).toMatch(/cached plan must not change result type/);
    else expect(first).toEqual({ id: 1, label: 'one', colour: null });
    expect(await write()).toMatchObject({ id: 1, colour: null });
    expect(await readProbe(1)).toEqual([{ id: 1, label: 'first', colour: null }]);
  });

  it('answers, commits and rolls back transactions whose first statement has no parameters', async () => {
    const { db } = t.database;
    // On PostgreSQL such a statement is sent with the transaction's BEGIN: the answer is its own.
    const read = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ label: string }>`select label from probe_rows where id = 2`.execute(trx);
      await sql`update probe_rows set label = ${'second'} where id = ${2}`.execute(trx);
      return rows;
    });
    expect(read).toEqual([{ label: 'two' }]);
    // Refused by its first statement, or by a later one: nothing of it stays, and the connections go on.
    await expect(db.transaction().execute((trx) => sql`insert into probe_rows (id, label) values (1, 'again')`.execute(trx))).rejects.toThrow();
    const laterRefusal = db.transaction().execute(async (trx) => {
      await sql`insert into probe_rows (id, label) values (3, 'three')`.execute(trx);
      await sql`insert into probe_rows (id, label) values (${1}, ${'again'})`.execute(trx);
    });
    await expect(laterRefusal).rejects.toThrow();
    // One that runs nothing.
    expect(await db.transaction().execute(async () => 'nothing')).toBe('nothing');
    const answers = await Promise.all([1, 2, 3].map((id) => readProbe(id)));
    expect(answers).toEqual([[{ id: 1, label: 'one' }], [{ id: 2, label: 'second' }], []]);
  });

  it('gives each row of a wide result its own values under its column names, in the select order', async () => {
    const columns = Array.from({ length: 60 }, (_, i) => `c${i}`);
    await sql`create table wide_rows (id integer primary key, ${sql.join(columns.map((c) => sql`${sql.ref(c)} text`))})`.execute(t.database.db);
    for (const id of [1, 2]) {
      await sql`insert into wide_rows (id, ${sql.join(columns.map((c) => sql.ref(c)))}) values (${id}, ${sql.join(columns.map((c) => sql`${`${c}-${id}`}`))})`.execute(t.database.db);
    }
    const reversed = [...columns].reverse();
    for (let round = 0; round < 3; round++) {
      const { rows } = await sql<Record<string, unknown>>`select * from wide_rows where id >= ${1} order by id`.execute(t.database.db);
      expect(rows.map((r) => Object.keys(r))).toEqual([['id', ...columns], ['id', ...columns]]);
      expect(rows[0]).toMatchObject({ id: 1, c1: 'c1-1', c59: 'c59-1' });
      expect(rows[1]).toEqual({ id: 2, ...Object.fromEntries(columns.map((c) => [c, `${c}-2`])) });
      // The same names in another order, and a name given twice: as pg itself answers them.
      const other = await sql<Record<string, unknown>>`select ${sql.join(reversed.map((c) => sql.ref(c)))}, id as c0 from wide_rows where id = ${1}`.execute(t.database.db);
      expect(Object.keys(other.rows[0]!)).toEqual(reversed);
      expect(other.rows[0]).toMatchObject({ c59: 'c59-1', c1: 'c1-1', c0: 1 });
      rows[0]!.c1 = 'changed by a caller';
    }
  });
});

describe('statement names', () => {
  it('names each text once, and leaves texts beyond the limit unnamed', () => {
    const names = new StatementNames(2);
    const a = names.nameFor('select 1 where $1');
    expect(names.nameFor('select 1 where $1')).toBe(a);
    expect(names.nameFor('select 2 where $1')).not.toBe(a);
    expect(names.nameFor('select 3 where $1')).toBeUndefined();
  });

  it('starts the names afresh once for a generation that saw a table change', () => {
    const names = new StatementNames(10);
    const before = names.nameFor('select * from t where id = $1');
    names.renew(0);
    names.renew(0);
    expect(names.generation).toBe(1);
    const after = names.nameFor('select * from t where id = $1');
    expect(after).not.toBe(before);
    expect(names.nameFor('select * from t where id = $1')).toBe(after);
  });
});
