import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { CitizenReportAdditionRow, CitizenReportRow, CitizenReportTable, DB, ReporterRow } from '../../db/schema';
import { scopedTo, type NgoScope } from '../../db/scope';
import { nowIso } from '../../lib/time';
import type { Insertable } from 'kysely';

/** Urgency by condition for the intake list: lower first. */
const URGENCY = sql<number>`case condition when 'injured' then 0 when 'sick' then 1 when 'aggressive' then 2 when 'puppies' then 3 when 'other' then 4 else 5 end`;
/** The intake's order: new reports first, then by urgency of the condition, newest first within each. */
const LIST_ORDER = sql`case status when 'new' then 0 else 1 end, ${URGENCY}, created_at desc, id desc`;

/**
 * Citizen reports. The public finds one only by its token's hash or its NGO and code (never a list);
 * staff read and change them within their NGO scope.
 */
export class CitizenReportRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(values: Omit<Insertable<CitizenReportTable>, 'created_at' | 'updated_at'>): Promise<CitizenReportRow> {
    const now = nowIso();
    return this.db
      .insertInto('citizen_reports')
      .values({ ...values, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Across every NGO, on purpose: the token (its hash) alone opens a tracking page. */
  async findByTokenHashAcrossNgos(tokenHash: string): Promise<CitizenReportRow | undefined> {
    return this.db.selectFrom('citizen_reports').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  async findByCode(ngoId: number, code: string): Promise<CitizenReportRow | undefined> {
    return scopedTo(this.db.selectFrom('citizen_reports').selectAll().where('code', '=', code), ngoId).executeTakeFirst();
  }

  async findInScope(scope: NgoScope, id: number): Promise<CitizenReportRow | undefined> {
    return scopedTo(this.db.selectFrom('citizen_reports').selectAll().where('id', '=', id), scope).executeTakeFirst();
  }

  /**
   * New reports first, then by urgency of the condition, newest first within each. With `around`,
   * the page that holds that report (when the list has it), and which page that is.
   */
  async list(scope: NgoScope, request: { status?: string; page: number; pageSize: number; around?: number }): Promise<{ rows: CitizenReportRow[]; total: number; page: number }> {
    let query = scopedTo(this.db.selectFrom('citizen_reports'), scope);
    if (request.status) query = query.where('status', '=', request.status);
    const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    // Where the asked report stands in the list's order (from 1), if the list holds it.
    const ranked = query.select(['id', sql<number>`row_number() over (order by ${LIST_ORDER})`.as('position')]).as('ranked');
    const found = request.around === undefined ? undefined : await this.db.selectFrom(ranked).select('ranked.position').where('ranked.id', '=', request.around).executeTakeFirst();
    const position = found === undefined ? undefined : Number(found.position);
    const page = position === undefined ? request.page : Math.floor((position - 1) / request.pageSize) + 1;
    const rows = await query
      .selectAll()
      .orderBy(LIST_ORDER)
      .limit(request.pageSize)
      .offset((page - 1) * request.pageSize)
      .execute();
    return { rows, total: Number(counted?.n ?? 0), page };
  }

  /**
   * Moves a new report to its decision, in one statement that only a new report passes: of two staff
   * deciding at once, one wins and the other changes nothing (false).
   */
  async decide(record: Pick<CitizenReportRow, 'id' | 'ngo_id'>, decision: { status: 'accepted' | 'declined'; decided_by: number; decline_reason?: string | null }): Promise<boolean> {
    const now = nowIso();
    const result = await scopedTo(
      this.db
        .updateTable('citizen_reports')
        .set({ ...decision, decided_at: now, updated_at: now })
        .where('id', '=', record.id)
        .where('status', '=', 'new'),
      record.ngo_id,
    ).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** An accepted report's case and reporter, once the case is made. */
  async linkCase(record: Pick<CitizenReportRow, 'id' | 'ngo_id'>, caseId: number, reporterId: number): Promise<void> {
    await scopedTo(this.db.updateTable('citizen_reports').set({ case_id: caseId, reporter_id: reporterId, updated_at: nowIso() }).where('id', '=', record.id), record.ngo_id).execute();
  }

  /** The NGO's reporter with this phone number, if there is one (the reporter is linked rather than made twice). */
  async reporterByPhone(ngoId: number, phone: string): Promise<Pick<ReporterRow, 'id'> | undefined> {
    return scopedTo(this.db.selectFrom('reporters').select('id').where('contact', '=', phone).orderBy('id'), ngoId).executeTakeFirst();
  }

  /** What the tracking page shows of the case: its dates only. */
  async caseMilestones(ngoId: number, caseId: number): Promise<{ pickup_date: string | null; admission_date: string | null; operation_date: string | null; release_date: string | null; death_date: string | null } | undefined> {
    return scopedTo(
      this.db.selectFrom('cases').select(['pickup_date', 'admission_date', 'operation_date', 'release_date', 'death_date']).where('id', '=', caseId).where('deleted_at', 'is', null),
      ngoId,
    ).executeTakeFirst();
  }

  /**
   * Whether the report's case is closed (released, dead, or deleted): the reporter adds nothing then.
   * Within a transaction on PostgreSQL the report's row is locked too, so two additions sent at once
   * count each other against the caps; SQLite runs one write transaction at a time anyway.
   */
  async lockForAddition(record: Pick<CitizenReportRow, 'id' | 'ngo_id'>): Promise<void> {
    if (!(this.db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await scopedTo(this.db.selectFrom('citizen_reports').select('id').where('id', '=', record.id), record.ngo_id).forUpdate().execute();
  }

  async caseClosed(ngoId: number, caseId: number): Promise<boolean> {
    const row = await scopedTo(this.db.selectFrom('cases').select(['status', 'release_date', 'death_date', 'deleted_at']).where('id', '=', caseId), ngoId).executeTakeFirst();
    return !row || row.deleted_at !== null || row.release_date !== null || row.death_date !== null || row.status === 'Released';
  }

  /** Whether the report already holds an addition sent with this key. */
  async hasAdditionKey(record: Pick<CitizenReportRow, 'id' | 'ngo_id'>, sendKey: string): Promise<boolean> {
    const found = await scopedTo(this.db.selectFrom('citizen_report_additions').select('id').where('report_id', '=', record.id).where('send_key', '=', sendKey), record.ngo_id).executeTakeFirst();
    return found !== undefined;
  }

  async insertAddition(record: Pick<CitizenReportRow, 'id' | 'ngo_id'>, addition: { comment: string | null; photo: string | null; send_key: string | null }): Promise<CitizenReportAdditionRow> {
    return this.db
      .insertInto('citizen_report_additions')
      .values({ ngo_id: record.ngo_id, report_id: record.id, ...addition, created_at: nowIso() })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Each report's additions, oldest first, read within the reports' own NGO. */
  async additionsOf(records: readonly Pick<CitizenReportRow, 'id' | 'ngo_id'>[]): Promise<Map<number, CitizenReportAdditionRow[]>> {
    const byReport = new Map<number, CitizenReportAdditionRow[]>(records.map((r) => [r.id, []]));
    for (const ngoId of new Set(records.map((r) => r.ngo_id))) {
      const ids = records.filter((r) => r.ngo_id === ngoId).map((r) => r.id);
      const rows = await scopedTo(this.db.selectFrom('citizen_report_additions').selectAll().where('report_id', 'in', ids), ngoId).orderBy('id').execute();
      for (const row of rows) byReport.get(row.report_id)!.push(row);
    }
    return byReport;
  }

  /** The reports linked to a case (accepted into it, or merged), oldest first. */
  async linkedToCase(ngoId: number, caseId: number): Promise<CitizenReportRow[]> {
    return scopedTo(this.db.selectFrom('citizen_reports').selectAll().where('case_id', '=', caseId), ngoId).orderBy('id').execute();
  }

  /**
   * When each linked case was made, to tell a merged report from an accepted one: accepting makes
   * its case in the transaction that decides the report, so the case is never older than the
   * decision; a merge links a case that was there before.
   */
  async casesMadeAt(records: readonly Pick<CitizenReportRow, 'ngo_id' | 'case_id'>[]): Promise<Map<number, string>> {
    const made = new Map<number, string>();
    for (const ngoId of new Set(records.map((r) => r.ngo_id))) {
      const ids = records.filter((r) => r.ngo_id === ngoId && r.case_id !== null).map((r) => r.case_id!);
      if (ids.length === 0) continue;
      const rows = await scopedTo(this.db.selectFrom('cases').select(['id', 'created_at']).where('id', 'in', ids), ngoId).execute();
      for (const row of rows) made.set(row.id, row.created_at);
    }
    return made;
  }
}
