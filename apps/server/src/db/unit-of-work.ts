import type { Kysely } from 'kysely';
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

  transaction<T>(work: (repos: R) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(this.make(trx)));
  }
}
