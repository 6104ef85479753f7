import { tr } from '@rescuedesk/shared';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { ConflictError } from '../errors';
import { nowIso } from '../lib/time';
import { isUniqueViolation } from './listing';
import type { DB } from './schema';

/**
 * Exactly-once writes for requests that carry an Idempotency-Key (docs/decisions/011). The request's
 * claim is recorded inside the first transaction the request runs, so the write and the record of
 * it commit together or not at all; the answer is stored after it has been sent.
 */
export interface IdempotencyClaim {
  userId: number;
  key: string;
  route: string;
  /** The body's hash (canonical JSON), compared on a replay; null where the body is not held (a multipart upload). */
  bodyHash: string | null;
  /** The NGO the user acts in ('all' for an Admin): a replay made from another is not answered from this one. */
  ngoScope: string;
  /** Set once the claim's row is written in a transaction that has not rolled back. */
  recorded: boolean;
  /**
   * False when the key was not looked up before the handler ran (a route that says so: see the
   * plugin's `replayFromWrite`); then a claim that finds the key already recorded sets `lost`, and
   * the plugin answers the replay from the record after the transaction rolled back.
   */
  lookedUp: boolean;
  lost?: boolean;
}

/** Two copies of one request raced and the other committed first: this one changed nothing. */
export class DuplicateRequestError extends ConflictError {
  constructor() {
    super(tr('error.requestAlreadyApplied'));
  }
}

let currentClaim: () => IdempotencyClaim | undefined = () => undefined;

/** The app tells where the request's claim lives (the request context). */
export function useIdempotencyClaimOf(lookup: () => IdempotencyClaim | undefined): void {
  currentClaim = lookup;
}

/**
 * Called by UnitOfWork inside each transaction: records the request's claim the first time. On
 * PostgreSQL its values are written into the statement (literals, quoted by Kysely): a statement
 * without parameters is sent in one message with the transaction's BEGIN (db/postgres-prepared.ts),
 * one round trip instead of two; the key is already checked to be letters, digits, '-' and '_'.
 */
export async function recordClaim(trx: Kysely<DB>): Promise<IdempotencyClaim | undefined> {
  const claim = currentClaim();
  if (!claim || claim.recorded) return undefined;
  const row = { user_id: claim.userId, key: claim.key, route: claim.route, created_at: nowIso(), body_hash: claim.bodyHash, ngo_scope: claim.ngoScope };
  try {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await trx
        .insertInto('idempotency_keys')
        .values({
          user_id: sql.lit(row.user_id),
          key: sql.lit(row.key),
          route: sql.lit(row.route),
          created_at: sql.lit(row.created_at),
          body_hash: sql.lit(row.body_hash),
          ngo_scope: sql.lit(row.ngo_scope),
        })
        .execute();
    } else {
      await trx.insertInto('idempotency_keys').values(row).execute();
    }
  } catch (err) {
    if (isUniqueViolation(err)) {
      claim.lost = true;
      throw new DuplicateRequestError();
    }
    throw err;
  }
  claim.recorded = true;
  return claim;
}

export interface StoredAnswer {
  route: string;
  status_code: number | null;
  response: string | null;
  created_at: string;
  body_hash: string | null;
  ngo_scope: string | null;
}

export class IdempotencyRepository {
  constructor(private readonly db: Kysely<DB>) {}

  find(userId: number, key: string): Promise<StoredAnswer | undefined> {
    return this.db
      .selectFrom('idempotency_keys')
      .select(['route', 'status_code', 'response', 'created_at', 'body_hash', 'ngo_scope'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  async storeAnswer(userId: number, key: string, statusCode: number, response: string): Promise<void> {
    await this.db.updateTable('idempotency_keys').set({ status_code: statusCode, response }).where('user_id', '=', userId).where('key', '=', key).execute();
  }

  /** Keys older than this are forgotten: an outbox replays within days, not weeks. */
  async deleteOlderThan(isoTime: string): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('created_at', '<', isoTime).execute();
  }
}
