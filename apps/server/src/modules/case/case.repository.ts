import { type Kysely, sql } from 'kysely';
import { caseSearchCondition } from '../../db/case-search';
import type { NgoScope } from '../../db/listing';
import type { CaseRow, CaseUpdate, DB, NewCaseRow } from '../../db/schema';
import { nowIso } from '../../lib/time';

export interface CaseFilter {
  scope: NgoScope;
  type?: string | undefined;
  status?: string | null | undefined;
  search?: string | undefined;
}

export type CaseWithCreator = CaseRow & { created_by_name: string | null };

/** Cases. Soft-deleted cases are invisible to every read here except the restore lookup. */
export class CaseRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(values: Omit<NewCaseRow, 'created_at' | 'updated_at'>): Promise<CaseRow> {
    const now = nowIso();
    return this.db.insertInto('cases').values({ ...values, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
  }

  async findByClientKey(ngoId: number, createdBy: number, clientKey: string): Promise<CaseRow | undefined> {
    return this.db
      .selectFrom('cases')
      .selectAll()
      .where('ngo_id', '=', ngoId)
      .where('created_by', '=', createdBy)
      .where('client_key', '=', clientKey)
      .executeTakeFirst();
  }

  async findInScope(scope: NgoScope, id: number, options: { deleted?: boolean } = {}): Promise<CaseWithCreator | undefined> {
    let query = this.db
      .selectFrom('cases')
      .leftJoin('users', 'users.id', 'cases.created_by')
      .selectAll('cases')
      .select('users.name as created_by_name')
      .where('cases.id', '=', id)
      .where('cases.deleted_at', options.deleted ? 'is not' : 'is', null);
    if (scope !== 'all') query = query.where('cases.ngo_id', '=', scope);
    return query.executeTakeFirst();
  }

  /** One page, newest first, with the creator's name. */
  async list(filter: CaseFilter, page: number, pageSize: number): Promise<CaseWithCreator[]> {
    return this.filtered(filter, true)
      .leftJoin('users', 'users.id', 'cases.created_by')
      .selectAll('cases')
      .select('users.name as created_by_name')
      .orderBy('cases.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
  }

  /**
   * How many live cases of the filtered set are in each status (the status filter itself is not
   * applied). Without a search this reads the trigger-kept counters, not the cases.
   */
  async countByStatus(filter: CaseFilter): Promise<Map<string, number>> {
    if (!filter.search?.trim()) {
      let counters = this.db.selectFrom('case_counts').select(['status', (eb) => eb.fn.sum<number>('n').as('n')]).groupBy('status');
      if (filter.scope !== 'all') counters = counters.where('ngo_id', '=', filter.scope);
      if (filter.type) counters = counters.where('type', '=', filter.type);
      return new Map((await counters.execute()).map((r) => [r.status, Number(r.n)]));
    }
    const rows = await this.filtered(filter, false)
      .select(['cases.status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('cases.status')
      .execute();
    return new Map(rows.map((r) => [r.status, Number(r.n)]));
  }

  /** The size of the filtered set; the counters answer it when there is no search. */
  async count(filter: CaseFilter, byStatus?: Map<string, number>): Promise<number> {
    if (byStatus && !filter.search?.trim()) {
      return filter.status ? (byStatus.get(filter.status) ?? 0) : [...byStatus.values()].reduce((a, b) => a + b, 0);
    }
    const row = await this.filtered(filter, true)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async update(record: Pick<CaseRow, 'id' | 'ngo_id'>, patch: CaseUpdate): Promise<void> {
    await this.db
      .updateTable('cases')
      .set({ ...patch, updated_at: nowIso() })
      .where('id', '=', record.id)
      .where('ngo_id', '=', record.ngo_id)
      .execute();
  }

  async vetNames(ngoId: number): Promise<string[]> {
    const rows = await this.db.selectFrom('vets').select('name').where('ngo_id', '=', ngoId).orderBy(sql`lower(name)`).execute();
    return rows.map((r) => r.name);
  }

  private filtered(filter: CaseFilter, withStatus: boolean) {
    let query = this.db.selectFrom('cases').where('cases.deleted_at', 'is', null);
    if (filter.scope !== 'all') query = query.where('cases.ngo_id', '=', filter.scope);
    if (filter.type) query = query.where('cases.type', '=', filter.type);
    if (withStatus && filter.status) query = query.where('cases.status', '=', filter.status);
    const search = filter.search?.trim();
    if (search) query = query.where(caseSearchCondition(this.db, search));
    return query;
  }
}
