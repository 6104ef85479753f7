import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** Migration 010. Declared here with withTables(), beside the only code that reads it. */
interface RateCounterTable {
  key: string;
  hits: number;
  window_ends_at: string;
}

export interface RateCount {
  hits: number;
  windowEndsAt: Date;
}

/** One hit taken on a counter: what giveBack() needs to return exactly that hit. */
export interface RateClaim {
  /** The stored (hashed) key. */
  readonly key: string;
  /** The window the hit was counted in, as stored. */
  readonly windowEndsAt: string;
}

/**
 * Fixed-window counters in the database, shared by every server instance (docs/decisions/002).
 * Keys are stored as SHA-256 hashes: a login ID someone mistyped (or a password typed into the
 * login field) is not kept in readable form.
 */
export class RateCounterRepository {
  private readonly db: Kysely<DB & { rate_counters: RateCounterTable }>;

  constructor(db: Kysely<DB>) {
    this.db = db.withTables<{ rate_counters: RateCounterTable }>();
  }

  /**
   * Takes one hit if the key has fewer than `max` in its running window, in one statement (an
   * upsert whose update is conditional): concurrent takers, on any instance, are serialised by the
   * database on the key's row, so no more than `max` ever succeed in a window. A window that has
   * ended starts again at 1. Undefined when the counter is full; nothing is written then.
   */
  async take(key: string, max: number, windowMs: number, now = new Date()): Promise<RateClaim | undefined> {
    const current = now.toISOString();
    const ends = new Date(now.getTime() + windowMs).toISOString();
    const row = await this.db
      .insertInto('rate_counters')
      .values({ key: hashed(key), hits: 1, window_ends_at: ends })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({
            hits: sql<number>`case when rate_counters.window_ends_at <= ${current} then 1 else rate_counters.hits + 1 end`,
            window_ends_at: sql<string>`case when rate_counters.window_ends_at <= ${current} then ${ends} else rate_counters.window_ends_at end`,
          })
          // A full counter is left as it is, and the statement then returns no row.
          .where((eb) => eb.or([eb('rate_counters.window_ends_at', '<=', current), eb('rate_counters.hits', '<', max)])),
      )
      .returning(['key', 'window_ends_at'])
      .executeTakeFirst();
    return row ? { key: row.key, windowEndsAt: row.window_ends_at } : undefined;
  }

  /** Returns a hit taken by take(), if its window is still the running one. */
  async giveBack(claim: RateClaim): Promise<void> {
    await this.db
      .updateTable('rate_counters')
      .set({ hits: sql<number>`hits - 1` })
      .where('key', '=', claim.key)
      .where('window_ends_at', '=', claim.windowEndsAt)
      .where('hits', '>', 0)
      .execute();
  }

  /** The live count of each key (keys without hits in a running window are left out). */
  async read(keys: readonly string[], now = new Date()): Promise<Map<string, RateCount>> {
    const byHash = new Map(keys.map((k) => [hashed(k), k]));
    const rows = await this.db
      .selectFrom('rate_counters')
      .select(['key', 'hits', 'window_ends_at'])
      .where('key', 'in', [...byHash.keys()])
      .where('window_ends_at', '>', now.toISOString())
      .execute();
    return new Map(rows.map((r) => [byHash.get(r.key)!, { hits: r.hits, windowEndsAt: new Date(r.window_ends_at) }]));
  }

  /** Removes the counters whose window has ended. */
  async sweep(now = new Date()): Promise<void> {
    await this.db.deleteFrom('rate_counters').where('window_ends_at', '<=', now.toISOString()).execute();
  }
}

function hashed(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
