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
 * through the expression, so with 013's index PostgreSQL read the rows of the table too: for one NGO
 * on 1,000,000 cases, 65,421 rows on 32,854 pages of the 784 MB table (a bitmap heap scan, about
 * 165 ms, most pages outside PostgreSQL's 128 MB of buffers), against 10 ms from the index below
 * (721 index pages, no heap fetch once the table is vacuumed). The index grows from 13 MB to 83 MB
 * at 1,000,000 cases: the included columns make each entry distinct, so entries are no longer
 * deduplicated. Its keys, predicate and name are 013's, so every query that used it still does.
 *
 * SQLite keeps 013's index: it has no INCLUDE, and its chart meets the target as it is.
 * On a large database this rebuilds the index at start-up, inside the migration's transaction
 * (about 2 s at 1,000,000 cases on 2 cores), during which the cases table is locked (DROP INDEX):
 * another instance's reads and writes of cases wait for it.
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
