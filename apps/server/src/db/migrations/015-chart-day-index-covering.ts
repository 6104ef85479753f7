import { type Kysely, sql } from 'kysely';
import { CASE_DAY_SQL } from './013-report-indexes';
import { isPostgres } from './helpers';

/**
 * PostgreSQL: the index of the dashboard's "cases per month" (013's `cases_day_status`) also carries
 * the two columns its expression is computed from, so a year of one NGO's cases is read from the
 * index alone (issue 18, docs/reports.md#figures).
 *
 * PostgreSQL answers a query from an index alone only when every column the query names is in the
 * index; an indexed expression does not count for the columns inside it (the PostgreSQL manual,
 * "Index-Only Scans and Covering Indexes"). The chart's query names reported_date and created_at
 * through the expression, so with 013's index PostgreSQL read the rows of the table too: a page of
 * the table for nearly every case of the NGO's year, most of them outside its buffers. From the
 * index below it reads index pages alone once the table is vacuumed (docs/reports.md, "Charts on
 * PostgreSQL (migration 015)"). The index grows several times over: the included columns make each
 * entry distinct, so entries are no longer deduplicated. Its keys, predicate and name are 013's,
 * so every query that used it still does.
 *
 * SQLite keeps 013's index: it has no INCLUDE, and its chart meets the target as it is.
 * On a large database this rebuilds the index at start-up, inside the migration's transaction,
 * during which the cases table is locked (DROP INDEX): another instance's reads and writes of cases
 * wait for it, for as long as the rebuild takes (docs/performance/2026-11-24.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP INDEX cases_day_status`.execute(db);
  await sql`CREATE INDEX cases_day_status ON cases (ngo_id, (${sql.raw(CASE_DAY_SQL)}), status) INCLUDE (reported_date, created_at) WHERE deleted_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP INDEX cases_day_status`.execute(db);
  await sql`CREATE INDEX cases_day_status ON cases (ngo_id, (${sql.raw(CASE_DAY_SQL)}), status) WHERE deleted_at IS NULL`.execute(db);
}
