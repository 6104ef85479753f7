import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Notices to a citizen reporter (docs/citizen-reports.md#notices, docs/decisions/023): the channel
 * the reporter chose, what a provider's STOP reply is matched by (the phone's last ten digits), the
 * tracking token sealed for the notices' links, and when notices were stopped; and the queue itself,
 * one row per report and milestone (the unique index makes a milestone queue once), claimed by
 * a lease so several server instances share it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('citizen_reports').addColumn('notice_channel', 'text').execute();
  await db.schema.alterTable('citizen_reports').addColumn('notice_phone', 'text').execute();
  await db.schema.alterTable('citizen_reports').addColumn('notice_link_sealed', 'text').execute();
  await db.schema.alterTable('citizen_reports').addColumn('notices_stopped_at', 'text').execute();
  await db.schema.alterTable('citizen_reports').addColumn('notices_stopped_via', 'text').execute();
  await db.schema.createIndex('citizen_reports_notice_phone').on('citizen_reports').column('notice_phone').execute();
  await db.schema.createIndex('citizen_reports_case').on('citizen_reports').columns(['ngo_id', 'case_id']).execute();

  await db.schema
    .createTable('notices')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('report_id', 'integer', (c) => c.notNull().references('citizen_reports.id'))
    .addColumn('milestone', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text')
    .addColumn('provider_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('notices_report_milestone', ['report_id', 'milestone'])
    .execute();
  await db.schema.createIndex('notices_due').on('notices').columns(['status', 'next_attempt_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('029-notices cannot be reverted: restore from a backup instead.');
}
