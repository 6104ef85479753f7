import { type Kysely, type Migration, Migrator } from 'kysely';
import * as m001 from './migrations/001-initial';
import * as m002 from './migrations/002-directory';
import * as m003 from './migrations/003-cases';
import * as m004 from './migrations/004-case-idempotency';
import * as m005 from './migrations/005-case-search-and-counts';
import * as m006 from './migrations/006-case-word-search';
import * as m007 from './migrations/007-case-list-versions';
import * as m008 from './migrations/008-user-language';
import type { DB } from './schema';

/** Migrations are listed here, in order, so a bundled or compiled server finds them without reading a folder. */
const MIGRATIONS: Record<string, Migration> = {
  '001-initial': m001,
  '002-directory': m002,
  '003-cases': m003,
  '004-case-idempotency': m004,
  '005-case-search-and-counts': m005,
  '006-case-word-search': m006,
  '007-case-list-versions': m007,
  '008-user-language': m008,
};

export async function migrateToLatest(db: Kysely<DB>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
