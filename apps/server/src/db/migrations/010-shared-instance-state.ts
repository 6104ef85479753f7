import type { Kysely } from 'kysely';

/**
 * State that several server instances must share (docs/decisions/002 and 010): the failure counts
 * of the sign-in throttle, kept by key and window, and leases that let one instance at a time do
 * housekeeping (the orphan image sweep).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_counters')
    // A SHA-256 of the counted thing (a login ID, an address): nobody's typed text is stored.
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_counters_window_ends_at').on('rate_counters').column('window_ends_at').execute();

  await db.schema
    .createTable('maintenance_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('maintenance_leases').execute();
  await db.schema.dropTable('rate_counters').execute();
}
