/**
 * Migrates the configured database (DATABASE_URL or DATA_DIR's SQLite file) to the latest
 * migration: the bench runs it on a kept database (--data-dir) before measuring newer code, as
 * the server would at its start, which the bench gives only 60 s.
 */
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';

const config = loadConfig();
const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: { error: (o, m) => console.error(m, o) } });
await migrateToLatest(database.db);
// As the seeder leaves a database: tables a migration filled are vacuumed (PostgreSQL's index-only
// scans read the table for pages not yet marked all-visible) and their statistics known.
await database.analyze();
await database.destroy();
