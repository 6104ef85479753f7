import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MaintenanceLeases } from './maintenance-lease';

/** Two instances' lease holders on one database, as the orphan sweep of two servers uses them. */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('maintenance leases', () => {
  it('lets one instance at a time hold a lease, and the other take it once released', async () => {
    const a = new MaintenanceLeases(t.database.db);
    const b = new MaintenanceLeases(t.database.db);
    expect(await a.tryAcquire('sweep', 60_000)).toBe(true);
    expect(await b.tryAcquire('sweep', 60_000)).toBe(false);
    expect(await b.tryAcquire('other-work', 60_000)).toBe(true);
    await b.release('sweep');
    expect(await b.tryAcquire('sweep', 60_000)).toBe(false);
    await a.release('sweep');
    expect(await b.tryAcquire('sweep', 60_000)).toBe(true);
  });

  it('hands a lease to another instance once its holder’s time is up (a holder that died)', async () => {
    const dead = new MaintenanceLeases(t.database.db);
    const alive = new MaintenanceLeases(t.database.db);
    const start = new Date('2026-11-23T10:00:00Z');
    expect(await dead.tryAcquire('sweep', 60_000, start)).toBe(true);
    expect(await alive.tryAcquire('sweep', 60_000, new Date(start.getTime() + 59_000))).toBe(false);
    expect(await alive.tryAcquire('sweep', 60_000, new Date(start.getTime() + 60_000))).toBe(true);
  });

  it('runs the work only where the lease was taken', async () => {
    const a = new MaintenanceLeases(t.database.db);
    const b = new MaintenanceLeases(t.database.db);
    let runs = 0;
    const work = async () => {
      runs++;
      // While a holds the lease, b's attempt is skipped.
      expect(await b.runExclusive('sweep', 60_000, async () => runs++)).toBeUndefined();
      return 'swept';
    };
    expect(await a.runExclusive('sweep', 60_000, work)).toBe('swept');
    expect(runs).toBe(1);
    expect(await b.runExclusive('sweep', 60_000, async () => 'then b')).toBe('then b');
  });
});
