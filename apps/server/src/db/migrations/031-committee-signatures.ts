import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * The monitoring committee (issue 37, docs/reports.md#signing-the-monthly-report): a user's
 * designation (a committee member's title, printed with their signature); each version of an NGO's
 * monthly ABC report as the canonical JSON that was signed and its SHA-256; and the signatures of a
 * version, at most one per place and one per person. Versions and signatures are never changed or deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('designation', 'text').execute();

  await db.schema
    .createTable('report_versions')
    .$call(idColumn(db))
    // The id in the public verification address: random, so addresses cannot be counted through.
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    // JSON: the figures that differ from the version before ([] for version 1).
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_versions_ngo_month_version').on('report_versions').unique().columns(['ngo_id', 'month', 'version']).execute();

  await db.schema
    .createTable('report_signatures')
    .$call(idColumn(db))
    .addColumn('version_id', 'integer', (c) => c.notNull().references('report_versions.id'))
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // The signer's name and designation as they were when signing.
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('designation', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_signatures_version_slot').on('report_signatures').unique().columns(['version_id', 'slot']).execute();
  await db.schema.createIndex('report_signatures_version_user').on('report_signatures').unique().columns(['version_id', 'user_id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('031-committee-signatures cannot be reverted: restore from a backup instead.');
}
