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

  /** Adds one hit in one statement: a window that has ended starts again at 1. */
  async hit(key: string, windowMs: number, now = new Date()): Promise<void> {
    const current = now.toISOString();
    const ends = new Date(now.getTime() + windowMs).toISOString();
    await this.db
      .insertInto('rate_counters')
      .values({ key: hashed(key), hits: 1, window_ends_at: ends })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when rate_counters.window_ends_at <= ${current} then 1 else rate_counters.hits + 1 end`,
          window_ends_at: sql<string>`case when rate_counters.window_ends_at <= ${current} then ${ends} else rate_counters.window_ends_at end`,
        }),
      )
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

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_counters').where('key', '=', hashed(key)).execute();
  }

  /** Removes the counters whose window has ended. */
  async sweep(now = new Date()): Promise<void> {
    await this.db.deleteFrom('rate_counters').where('window_ends_at', '<=', now.toISOString()).execute();
  }
}

function hashed(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
