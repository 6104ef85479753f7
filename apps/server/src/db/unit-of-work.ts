import type { Kysely } from 'kysely';
import { recordClaim, type IdempotencyClaim } from './idempotency';
import type { DB } from './schema';

/**
 * Gives a service the repositories it names, bound either to the database or to one transaction.
 * Services never see Kysely itself; they ask for `transaction(repos => ...)` when several writes
 * must land together or not at all.
 */
export class UnitOfWork<R> {
  readonly repos: R;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly make: (db: Kysely<DB>) => R,
  ) {
    this.repos = make(db);
  }

  /**
   * Runs the work in one transaction. A request sent with an Idempotency-Key has its claim recorded
   * in the first transaction it runs (docs/decisions/011), so a replay cannot apply it twice.
   */
  async transaction<T>(work: (repos: R) => Promise<T>): Promise<T> {
    let claim: IdempotencyClaim | undefined;
    try {
      return await this.db.transaction().execute(async (trx) => {
        claim = await recordClaim(trx);
        return work(this.make(trx));
      });
    } catch (err) {
      // Rolled back (or the commit failed): the claim was not recorded after all.
      if (claim) claim.recorded = false;
      throw err;
    }
  }
}
