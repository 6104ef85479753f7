import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { UnitOfWork } from './db/unit-of-work';
import { AuditRepository } from './modules/audit/audit.repository';
import { ensureFirstAdmin, firstAdminNotice } from './modules/user/first-admin';
import { UserRepository } from './modules/user/user.repository';

const SHUTDOWN_DEADLINE_MS = 10_000;
/** At most this long serving what clients already sent, before closing (see plugins/draining.ts). */
const SHUTDOWN_DRAIN_MS = 5_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`RescueDesk did not start. ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: { error: (obj, msg) => console.error(msg, JSON.stringify(obj)) },
  });
  await migrateToLatest(database.db);

  const repos = new UnitOfWork(database.db, (d) => ({ users: new UserRepository(d), audit: new AuditRepository(d) }));
  const firstAdmin = await repos.transaction((r) => ensureFirstAdmin(r, config.admin));
  // Printed once, to the console only; a generated password never goes to the structured log.
  for (const line of firstAdminNotice(firstAdmin, config.admin)) console.log(line);

  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    app.drain
      .begin(SHUTDOWN_DRAIN_MS)
      .then(() => app.close())
      .then(() => database.destroy())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  console.log(`RescueDesk is running at ${where} (${database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite in ' + config.dataDir})`);
}

main().catch((err: unknown) => {
  console.error('RescueDesk failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
