import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';

/**
 * What app.ts hands every module's registerX(app, deps): the database and the validated config.
 * Each module builds its own repositories, unit of work and service from these, and registers its routes.
 */
export interface ModuleDeps {
  db: Kysely<DB>;
  config: Config;
}
