import { type Kysely, sql } from 'kysely';

/**
 * Indexes for reports and charts (docs/reports.md, issue 18). The monthly ABC report places a case
 * in a month by one of its own dates (capture, operation, release, death, vaccination), so each of
 * those dates gets a small index starting with the NGO: one month of one NGO is a range of each.
 * They are partial (only live cases with the date set), so cases without the date cost nothing and
 * a step save that leaves the date empty writes no entry. The operation and death indexes carry
 * what the charts count (sex and cancellation; status), so the charts are read from indexes alone.
 *
 * The dashboard's "cases per month" places a case by its reported date, or by the day it was created
 * when its reporter step is not saved yet: an index on that expression (same text in the queries,
 * so both databases match it), with the status, answers twelve months of one NGO from the index.
 */
const DATE_INDEXES: ReadonlyArray<readonly [name: string, date: string, extra: readonly string[]]> = [
  ['cases_capture_month', 'capture_date', []],
  ['cases_operation_month', 'operation_date', ['animal_gender', 'surgery_cancelled']],
  ['cases_release_month', 'release_date', []],
  ['cases_death_month', 'death_date', ['status']],
  ['cases_vaccination_month', 'vaccination_date', []],
];

/** The day a case counts from on the dashboard's monthly chart (the index below is on this very text). */
export const CASE_DAY_SQL = 'coalesce(reported_date, substr(created_at, 1, 10))';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, date, extra] of DATE_INDEXES) {
    await db.schema
      .createIndex(name)
      .on('cases')
      .columns(['ngo_id', date, ...extra])
      .where(sql.ref(date), 'is not', null)
      .where(sql.ref('deleted_at'), 'is', null)
      .execute();
  }
  await sql`CREATE INDEX cases_day_status ON cases (ngo_id, (${sql.raw(CASE_DAY_SQL)}), status) WHERE deleted_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('cases_day_status').execute();
  for (const [name] of DATE_INDEXES) await db.schema.dropIndex(name).execute();
}
