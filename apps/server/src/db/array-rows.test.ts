import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { selectArrays } from './array-rows';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('rows read as arrays', () => {
  it('hold the selected columns in the order asked, as the same query reads them as objects, inside a transaction too', async () => {
    const { db } = t.database;
    const at = '2026-11-23T00:00:00.000Z';
    await db.insertInto('ngos').values({ name: 'Green Paws Trust', darpan_id: 'KA/2026/0001', release_threshold_m: 300, created_at: at, updated_at: at }).execute();
    await db.insertInto('ngos').values({ name: 'Blue Cross Unit', darpan_id: null, release_threshold_m: 500, created_at: at, updated_at: at }).execute();
    const columns = ['release_threshold_m', 'name', 'darpan_id', 'id'] as const;
    const query = () => db.selectFrom('ngos').select([...columns]).orderBy('id');

    const objects = await query().execute();
    const arrays = await selectArrays(db, query(), columns);
    expect(arrays).toEqual(objects.map((row) => columns.map((column) => row[column])));
    expect(arrays.map((row) => row.slice(0, 3))).toEqual([
      [300, 'Green Paws Trust', 'KA/2026/0001'],
      [500, 'Blue Cross Unit', null],
    ]);
    // The same SQL read again as objects (SQLite keeps one prepared statement per SQL text).
    expect(await query().execute()).toEqual(objects);

    const inTransaction = await db.transaction().execute((trx) => selectArrays(trx, trx.selectFrom('ngos').select([...columns]).orderBy('id'), columns));
    expect(inTransaction).toEqual(arrays);
  });
});
