import type { Config } from './config';
import type { Database } from './db/database';
import { migrateToLatest, withStartupLock } from './db/migrate';
import { UnitOfWork } from './db/unit-of-work';
import { AuditRepository } from './modules/audit/audit.repository';
import { ensureFirstAdmin, type FirstAdminResult } from './modules/user/first-admin';
import { UserRepository } from './modules/user/user.repository';

/**
 * What happens once per start, before anything serves: migrations, then the first Admin. Both run
 * under the start-up lock (db/migrate.ts), so instances starting together neither migrate twice nor
 * make two Admins: the second waits, then finds the Admin the first made.
 */
export async function prepareDatabase(config: Config, database: Database): Promise<FirstAdminResult> {
  const repos = new UnitOfWork(database.db, (d) => ({ users: new UserRepository(d), audit: new AuditRepository(d) }));
  return withStartupLock(database.db, async () => {
    await migrateToLatest(database.db);
    return repos.transaction((r) => ensureFirstAdmin(r, config.admin));
  });
}
