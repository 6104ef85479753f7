import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from './schema';

/** Migration 010. Declared here with withTables(), beside the only code that reads it. */
interface MaintenanceLeaseTable {
  name: string;
  holder: string;
  expires_at: string;
}

/**
 * Leases in the database, so that one server instance at a time does a piece of housekeeping (the
 * orphan image sweep) while the others skip it. Works the same on SQLite and PostgreSQL. A lease
 * lapses by itself when its holder dies; the work it guards must stay safe to run twice anyway
 * (it is an optimisation, not the only thing keeping the data right).
 */
export class MaintenanceLeases {
  private readonly db: Kysely<DB & { maintenance_leases: MaintenanceLeaseTable }>;
  /** This process's name on the leases it holds. */
  readonly holder = `${process.pid}-${randomUUID()}`;

  constructor(db: Kysely<DB>) {
    this.db = db.withTables<{ maintenance_leases: MaintenanceLeaseTable }>();
  }

  /** Takes the lease when nobody holds it or its holder's time is up; true when this process holds it now. */
  async tryAcquire(name: string, ttlMs: number, now = new Date()): Promise<boolean> {
    const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
    const taken = await this.db
      .insertInto('maintenance_leases')
      .values({ name, holder: this.holder, expires_at: expiresAt })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder: this.holder, expires_at: expiresAt })
          .where('maintenance_leases.expires_at', '<=', now.toISOString()),
      )
      .returning('holder')
      .executeTakeFirst();
    return taken?.holder === this.holder;
  }

  async release(name: string): Promise<void> {
    await this.db.deleteFrom('maintenance_leases').where('name', '=', name).where('holder', '=', this.holder).execute();
  }

  /** Runs the work if this process gets the lease; answers undefined when another instance holds it. */
  async runExclusive<T>(name: string, ttlMs: number, work: () => Promise<T>): Promise<T | undefined> {
    if (!(await this.tryAcquire(name, ttlMs))) return undefined;
    try {
      return await work();
    } finally {
      await this.release(name).catch(() => undefined);
    }
  }
}
