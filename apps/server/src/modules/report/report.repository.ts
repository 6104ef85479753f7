import { CASE_STATUSES, CASE_TYPES } from '@rescuedesk/shared';
import { type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { CASE_DAY_SQL } from '../../db/migrations/013-report-indexes';
import type { CaseRow, DB } from '../../db/schema';
import { scopedTo, type NgoScope } from '../../db/scope';
import type { AbcCase, MonthRange } from './abc-report';

/** Ids bound in one query (well under SQLite's 32,766 parameters and PostgreSQL's 65,535). */
const ID_CHUNK = 1000;

/** The dates that place a case in a month of the ABC report, each with its own index (migration 013). */
const REPORT_DATES = ['capture_date', 'operation_date', 'release_date', 'death_date', 'vaccination_date'] as const;

const ABC_CASE_COLUMNS = [
  'cases.id',
  'cases.ngo_id',
  'cases.ward_zone',
  'cases.animal_gender',
  'cases.animal_age',
  'cases.capture_date',
  'cases.fit_for_surgery',
  'cases.unfit_reason',
  'cases.operation_date',
  'cases.surgery_cancelled',
  'cases.release_date',
  'cases.release_flagged',
  'cases.death_date',
  'cases.death_timing',
  'cases.vaccination_date',
] as const;

/** What the ABC programme counts: Sterilization cases of dogs (docs/reports.md#what-is-counted). */
export const ABC_CASE_TYPE = 'Sterilization';
export const ABC_SPECIES = 'Dog';

/** The day a case counts from on the monthly chart; the index of migration 013 is on this same text. */
const caseDay = sql<string>`${sql.raw(CASE_DAY_SQL)}`;

export interface SponsorCaseFilter {
  ngoId: number;
  rule: 'caseType' | 'postOpCare';
  caseType?: string;
  from: string;
  to: string;
}

export type SponsorCaseRow = Pick<CaseRow, 'id' | 'type' | 'status' | 'unique_id' | 'reported_date' | 'ward_zone' | 'animal_species' | 'animal_gender' | 'operation_date' | 'release_date' | 'death_date'>;

/**
 * Reads for reports and charts (docs/reports.md). Every query is confined to an NGO scope through
 * db/scope.ts; an Admin's 'all' is also spelled out as the list of NGOs, so each NGO's part is a
 * range of an index starting with the NGO rather than a scan of the whole index.
 */
export class ReportRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The NGOs a scope covers, for spelling out 'all' (a few rows). */
  async ngoIds(scope: NgoScope): Promise<number[]> {
    const rows = await scopedTo(this.db.selectFrom('ngos').select('id'), scope, 'id').orderBy('id').execute();
    return rows.map((r) => r.id);
  }

  /**
   * The live ABC cases (Sterilization, dogs) of the scope with at least one of the report's dates in
   * the month, in id order. The ids come first, one small query per date on its own partial index;
   * the rows are then read by id, a chunk at a time. (One query with the dates' union as a subquery
   * let SQLite read the vaccination dates through the NGO's whole index, to save sorting the ids, so
   * that its cost followed the NGO's cases rather than the month's: docs/reports.md, "Performance".)
   */
  async abcCases(scope: NgoScope, ngoIds: readonly number[], month: MonthRange): Promise<AbcCase[]> {
    return this.abcCasesById(scope, await this.abcCaseIds(scope, ngoIds, month));
  }

  /** The ids of the cases any of whose report dates is in the month (any type, any species), ascending. */
  async abcCaseIds(scope: NgoScope, ngoIds: readonly number[], month: MonthRange): Promise<number[]> {
    if (ngoIds.length === 0) return [];
    const ids = new Set<number>();
    for (const date of REPORT_DATES) {
      const rows = await this.inNgos(scopedTo(this.db.selectFrom('cases').select('id'), scope), ngoIds)
        .where(date, 'is not', null)
        .where('deleted_at', 'is', null)
        .where(date, '>=', month.from)
        .where(date, '<', month.to)
        .execute();
      for (const row of rows) ids.add(row.id);
    }
    return [...ids].sort((a, b) => a - b);
  }

  /** The ABC cases (Sterilization, dogs, live) among the given ids, in the scope, in id order. */
  async abcCasesById(scope: NgoScope, ids: readonly number[]): Promise<AbcCase[]> {
    const cases: AbcCase[] = [];
    for (let start = 0; start < ids.length; start += ID_CHUNK) {
      const chunk = ids.slice(start, start + ID_CHUNK);
      const rows = await scopedTo(this.db.selectFrom('cases').select(ABC_CASE_COLUMNS).where('cases.id', 'in', chunk), scope, 'cases.ngo_id')
        .where('cases.type', '=', ABC_CASE_TYPE)
        .where('cases.animal_species', '=', ABC_SPECIES)
        .where('cases.deleted_at', 'is', null)
        .execute();
      cases.push(...rows.sort((a, b) => a.id - b.id));
    }
    return cases;
  }

  /**
   * Sterilization cases among the given ids (live, in the scope) whose species was never recorded:
   * the report cannot count them as dogs, and says so (docs/reports.md). Their ward, for the ward filter.
   */
  async sterilizationsWithoutSpecies(scope: NgoScope, ids: readonly number[]): Promise<Array<{ id: number; ward_zone: string | null }>> {
    const found: Array<{ id: number; ward_zone: string | null }> = [];
    for (let start = 0; start < ids.length; start += ID_CHUNK) {
      const chunk = ids.slice(start, start + ID_CHUNK);
      const rows = await scopedTo(this.db.selectFrom('cases').select(['cases.id', 'cases.ward_zone']).where('cases.id', 'in', chunk), scope, 'cases.ngo_id')
        .where('cases.type', '=', ABC_CASE_TYPE)
        .where('cases.animal_species', 'is', null)
        .where('cases.deleted_at', 'is', null)
        .execute();
      found.push(...rows);
    }
    return found.sort((a, b) => a.id - b.id);
  }

  /** Whole case rows by id, in the scope, in id order (the register's details of a page of cases). */
  async casesById(scope: NgoScope, ids: readonly number[]): Promise<CaseRow[]> {
    if (ids.length === 0) return [];
    return scopedTo(this.db.selectFrom('cases').selectAll().where('id', 'in', [...ids]), scope).orderBy('id').execute();
  }

  /** Live cases by the day they count from (reported, or created), by status, for the days in [from, to). */
  async casesByDayAndStatus(scope: NgoScope, ngoIds: readonly number[], from: string, to: string): Promise<Array<{ day: string; status: string; n: number }>> {
    // One NGO at a time: each is a range of the index in the order it groups by. Several NGOs in one
    // query made SQLite sort a year of every NGO's cases to group them, a sort that grows with the
    // database (docs/performance/2026-11-24.md).
    const out: Array<{ day: string; status: string; n: number }> = [];
    for (const ngoId of ngoIds) {
      const rows = await this.inNgos(scopedTo(this.db.selectFrom('cases'), scope), [ngoId])
        .where('deleted_at', 'is', null)
        .where(caseDay, '>=', from)
        .where(caseDay, '<', to)
        .select([caseDay.as('day'), 'status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy([caseDay, 'status'])
        .execute();
      for (const r of rows) out.push({ day: r.day, status: r.status, n: Number(r.n) });
    }
    return out;
  }

  /**
   * Live cases with no reported date, created on the given UTC days, by the month of that UTC day, by
   * the slot of `bounds` (ascending UTC ISO-8601 instants) their creation falls in, and by status.
   * Slot i means bounds[i - 1] <= created_at < bounds[i]; 0 is before the first, bounds.length after
   * the last. The charts move these cases from their UTC month to the user's own (docs/reports.md).
   * The days are a range each of the chart's index; the bounds are parameters, so both databases run
   * the same SQL (created_at is text in one format, so it compares as time).
   */
  async undatedCasesOnDays(scope: NgoScope, ngoIds: readonly number[], days: readonly string[], bounds: readonly string[]): Promise<Array<{ utcMonth: string; slot: number; status: string; n: number }>> {
    if (days.length === 0 || bounds.length === 0) return [];
    const slot = sql<number>`case ${sql.join(
      bounds.map((bound, i) => sql`when created_at < ${bound} then ${sql.lit(i)}`),
      sql` `,
    )} else ${sql.lit(bounds.length)} end`;
    const out: Array<{ utcMonth: string; slot: number; status: string; n: number }> = [];
    // One NGO at a time, as casesByDayAndStatus.
    for (const ngoId of ngoIds) {
      const rows = await this.inNgos(scopedTo(this.db.selectFrom('cases'), scope), [ngoId])
        .where('deleted_at', 'is', null)
        .where(caseDay, 'in', [...days])
        .where('reported_date', 'is', null)
        .select([sql<string>`substr(created_at, 1, 7)`.as('utc_month'), slot.as('slot'), 'status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy([sql`utc_month`, sql`slot`, 'status'])
        .execute();
      for (const r of rows) out.push({ utcMonth: r.utc_month, slot: Number(r.slot), status: r.status, n: Number(r.n) });
    }
    return out;
  }

  /** Surgeries (an operation date, not cancelled) by day and sex for the days in [from, to), from the index alone. */
  async surgeriesByDay(scope: NgoScope, ngoIds: readonly number[], from: string, to: string): Promise<Array<{ day: string; gender: string | null; n: number }>> {
    // One NGO at a time, as casesByDayAndStatus and for the same reason.
    const out: Array<{ day: string; gender: string | null; n: number }> = [];
    for (const ngoId of ngoIds) {
      const rows = await this.inNgos(scopedTo(this.db.selectFrom('cases'), scope), [ngoId])
        .where('operation_date', 'is not', null)
        .where('deleted_at', 'is', null)
        .where('operation_date', '>=', from)
        .where('operation_date', '<', to)
        .where((eb) => eb.or([eb('surgery_cancelled', 'is', null), eb('surgery_cancelled', '<>', 'Yes')]))
        .select(['operation_date', 'animal_gender', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['operation_date', 'animal_gender'])
        .execute();
      for (const r of rows) out.push({ day: r.operation_date ?? '', gender: r.animal_gender, n: Number(r.n) });
    }
    return out;
  }

  /** Live cases by type and status, from the trigger-kept counters (docs/decisions/004). */
  async countsByTypeAndStatus(scope: NgoScope): Promise<Array<{ type: string; status: string; n: number }>> {
    const rows = await scopedTo(this.db.selectFrom('case_counts'), scope)
      .select(['type', 'status', (eb) => eb.fn.sum<number>('n').as('n')])
      .groupBy(['type', 'status'])
      .execute();
    return rows.filter((r) => (CASE_TYPES as readonly string[]).includes(r.type) && (CASE_STATUSES as readonly string[]).includes(r.status)).map((r) => ({ type: r.type, status: r.status, n: Number(r.n) }));
  }

  /** Live cases with a date of death, by status, from the death index alone. */
  async deathsByStatus(scope: NgoScope, ngoIds: readonly number[]): Promise<Array<{ status: string; n: number }>> {
    if (ngoIds.length === 0) return [];
    const rows = await this.inNgos(scopedTo(this.db.selectFrom('cases'), scope), ngoIds)
      .where('death_date', 'is not', null)
      .where('deleted_at', 'is', null)
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
  }

  /** A page of a sponsor's cases (docs/reports.md#a-sponsors-cases), by the day that links them, then id. */
  async sponsorCases(filter: SponsorCaseFilter, page: { offset: number; limit: number }): Promise<SponsorCaseRow[]> {
    const day = filter.rule === 'postOpCare' ? sql<string>`pop_start_date` : caseDay;
    return this.sponsorFilter(filter)
      .select(['id', 'type', 'status', 'unique_id', 'reported_date', 'ward_zone', 'animal_species', 'animal_gender', 'operation_date', 'release_date', 'death_date'])
      .orderBy(day)
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  /** How many cases a sponsor's rule links, and how many of them were operated, released, vaccinated or died. */
  async sponsorSummary(filter: SponsorCaseFilter): Promise<{ total: number; operated: number; released: number; vaccinated: number; died: number }> {
    const count = (condition: Expression<SqlBool>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;
    const row = await this.sponsorFilter(filter)
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        count(eb('operation_date', 'is not', null)).as('operated'),
        count(eb('release_date', 'is not', null)).as('released'),
        count(eb('vaccination_date', 'is not', null)).as('vaccinated'),
        count(eb('death_date', 'is not', null)).as('died'),
      ])
      .executeTakeFirst();
    return { total: Number(row?.total ?? 0), operated: Number(row?.operated ?? 0), released: Number(row?.released ?? 0), vaccinated: Number(row?.vaccinated ?? 0), died: Number(row?.died ?? 0) };
  }

  /** Ids of a sponsor's cases after `afterId`, in id order (the CSV of the sponsor's list). */
  async sponsorCaseIds(filter: SponsorCaseFilter, afterId: number, limit: number): Promise<number[]> {
    const rows = await this.sponsorFilter(filter).select('id').where('id', '>', afterId).orderBy('id').limit(limit).execute();
    return rows.map((r) => r.id);
  }

  private sponsorFilter(filter: SponsorCaseFilter) {
    const query = scopedTo(this.db.selectFrom('cases'), filter.ngoId).where('deleted_at', 'is', null);
    if (filter.rule === 'postOpCare') return query.where('pop_start_date', '>=', filter.from).where('pop_start_date', '<=', filter.to);
    return query
      .where(caseDay, '>=', filter.from)
      .where(caseDay, '<=', filter.to)
      .where('type', '=', filter.caseType ?? '');
  }

  /** An Admin's 'all' as the list of NGOs (indexes start with the NGO); a single NGO is its scope already. */
  private inNgos<O>(query: SelectQueryBuilder<DB, 'cases', O>, ngoIds: readonly number[]): SelectQueryBuilder<DB, 'cases', O> {
    return ngoIds.length === 1 ? query.where('ngo_id', '=', ngoIds[0]!) : query.where('ngo_id', 'in', [...ngoIds]);
  }
}
