import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DB, NewPostOpDayRow, PostOpDayRow, PostOpDayUpdate } from '../../db/schema';
import { inArea, scopedTo, type NgoScope } from '../../db/scope';

export type PostOpDayWithAuthor = PostOpDayRow & { created_by_name: string | null };

/**
 * A case's entries with each author's name, unordered: what listForCase reads, and what the case's
 * own read and a step save's write aggregate beside the case on PostgreSQL
 * (CaseRepository.findWithPostOpDays and updateAudited). `caseId` is a value or the outer query's
 * column. Written as SQL rather than built: every getCaseById reads it, and building it cost more
 * than running it (docs/performance/2026-11-24.md, "Per-request overhead").
 */
export function postOpDaysOf(caseId: number | RawBuilder<unknown>, inNgo: RawBuilder<SqlBool>): RawBuilder<PostOpDayWithAuthor> {
  return sql<PostOpDayWithAuthor>`
    select case_post_op_days.*, users.name as created_by_name
    from case_post_op_days left join users on users.id = case_post_op_days.created_by
    where case_post_op_days.case_id = ${caseId} and ${inNgo}`;
}

/** A case's entries by day number, with each author's name (listForCase; CaseRepository's read on SQLite). */
export async function postOpDaysByDay(db: Kysely<DB>, ngoId: number, caseId: number): Promise<PostOpDayWithAuthor[]> {
  const { rows } = await sql<PostOpDayWithAuthor>`${postOpDaysOf(caseId, inArea(ngoId, 'case_post_op_days.ngo_id'))} order by case_post_op_days.day_number`.execute(db);
  return rows;
}

/**
 * The daily post-operative log of cases. Entries are found through their NGO and a live (not
 * deleted) case only, so an entry of another NGO, or of a case in the bin, is not found.
 */
export class PostOpDayRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** A case's entries by day number, with each author's name. */
  listForCase(ngoId: number, caseId: number): Promise<PostOpDayWithAuthor[]> {
    return postOpDaysByDay(this.db, ngoId, caseId);
  }

  /** A case's days with their dates (the rules' state reads them: the days come after the operation). */
  async datesOfCase(ngoId: number, caseId: number): Promise<Array<{ dayNumber: number; logDate: string | null }>> {
    const rows = await scopedTo(this.db.selectFrom('case_post_op_days').select(['day_number', 'log_date']).where('case_id', '=', caseId), ngoId).execute();
    return rows.map((row) => ({ dayNumber: row.day_number, logDate: row.log_date }));
  }

  /** The days with their dates of the cases named, whatever their NGO: for one-off checks of the stored data (scripts/check-dates.ts). */
  async datesOfCases(caseIds: readonly number[]): Promise<Array<{ caseId: number; dayNumber: number; logDate: string | null }>> {
    if (caseIds.length === 0) return [];
    const rows = await this.db.selectFrom('case_post_op_days').select(['case_id', 'day_number', 'log_date']).where('case_id', 'in', caseIds).execute();
    return rows.map((row) => ({ caseId: row.case_id, dayNumber: row.day_number, logDate: row.log_date }));
  }

  async findInScope(scope: NgoScope, id: number): Promise<PostOpDayRow | undefined> {
    const query = this.db
      .selectFrom('case_post_op_days')
      .innerJoin('cases', 'cases.id', 'case_post_op_days.case_id')
      .selectAll('case_post_op_days')
      .where('case_post_op_days.id', '=', id)
      .where('cases.deleted_at', 'is', null);
    return scopedTo(query, scope, 'case_post_op_days.ngo_id').executeTakeFirst();
  }

  /** The entry of the case with this day number, other than `exceptId`. */
  async findDay(ngoId: number, caseId: number, dayNumber: number, exceptId?: number): Promise<PostOpDayRow | undefined> {
    let query = this.db.selectFrom('case_post_op_days').selectAll().where('case_id', '=', caseId).where('day_number', '=', dayNumber);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return scopedTo(query, ngoId).executeTakeFirst();
  }

  async insert(values: NewPostOpDayRow): Promise<PostOpDayRow> {
    return this.db.insertInto('case_post_op_days').values(values).returningAll().executeTakeFirstOrThrow();
  }

  /** Matched on the entry's NGO as well as its id, so a write can never land in another NGO. */
  async update(record: Pick<PostOpDayRow, 'id' | 'ngo_id'>, patch: PostOpDayUpdate): Promise<void> {
    await scopedTo(this.db.updateTable('case_post_op_days').set(patch).where('id', '=', record.id), record.ngo_id).execute();
  }

  async delete(record: Pick<PostOpDayRow, 'id' | 'ngo_id'>): Promise<void> {
    await scopedTo(this.db.deleteFrom('case_post_op_days').where('id', '=', record.id), record.ngo_id).execute();
  }
}
