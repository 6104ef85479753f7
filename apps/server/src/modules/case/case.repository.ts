import { CASE_STATUSES } from '@rescuedesk/shared';
import { type Insertable, type Kysely, PostgresAdapter, type RawBuilder, type SqlBool, sql } from 'kysely';
import { selectArrays } from '../../db/array-rows';
import { caseWordsMatch, indexedCounts, indexedMatches, indexedPage, isPostgresDb, type WordQuery } from '../../db/case-search';
import { containsPattern } from '../../db/listing';
import { CASE_KEY_COLUMNS } from '../../db/migrations/022-case-search-across-scripts';
import { indexKeysOf } from '../../lib/search-keys';
import { planSearch } from '../../lib/search-words';
import type { AuditLogTable, CaseRow, CaseUpdate, DB, NewCaseRow } from '../../db/schema';
import { inArea, scopedTo, type NgoScope } from '../../db/scope';
import { nowIso } from '../../lib/time';
import { postOpDaysByDay, postOpDaysOf, type PostOpDayWithAuthor } from './post-op-day.repository';

export interface CaseFilter {
  scope: NgoScope;
  type?: string | undefined;
  status?: string | null | undefined;
  search?: string | undefined;
}

export type CaseWithCreator = CaseRow & { created_by_name: string | null };

/** A case with its post-operative log, by day number. */
export interface CaseWithPostOpDays {
  row: CaseWithCreator;
  days: PostOpDayWithAuthor[];
}

/** What the dashboard shows of a case. */
const LIST_COLUMNS = [
  'cases.id',
  'cases.ngo_id',
  'cases.type',
  'cases.status',
  'cases.mortality',
  'cases.cause_of_failure',
  'cases.reporter_name',
  'cases.location',
  'cases.landmark',
  'cases.pincode',
  'cases.unique_id',
  'cases.reported_date',
  'cases.created_at',
] as const;

/** rowsOf's columns by name, in their order. */
const LIST_ROW_NAMES = [...LIST_COLUMNS.map((column) => column.slice('cases.'.length)), 'created_by_name', 'ngo_name'];

export type CaseListRow = Pick<
  CaseRow,
  'id' | 'ngo_id' | 'type' | 'status' | 'mortality' | 'cause_of_failure' | 'reporter_name' | 'location' | 'landmark' | 'pincode' | 'unique_id' | 'reported_date' | 'created_at'
> & {
  created_by_name: string | null;
  ngo_name: string | null;
};

/** A row of rowsOf, read as an array in LIST_ROW_NAMES' order. */
function listRowOf(values: unknown[]): CaseListRow {
  return {
    id: values[0] as number,
    ngo_id: values[1] as number,
    type: values[2] as string,
    status: values[3] as string,
    mortality: values[4] as string,
    cause_of_failure: values[5] as string | null,
    reporter_name: values[6] as string | null,
    location: values[7] as string | null,
    landmark: values[8] as string | null,
    pincode: values[9] as string | null,
    unique_id: values[10] as string | null,
    reported_date: values[11] as string | null,
    created_at: values[12] as string,
    created_by_name: values[13] as string | null,
    ngo_name: values[14] as string | null,
  };
}

/** What the 'Deleted cases' view shows of a case. */
export type DeletedCaseRow = Pick<CaseRow, 'id' | 'ngo_id' | 'type' | 'status' | 'reporter_name' | 'location' | 'unique_id' | 'reported_date' | 'created_at'> & {
  deleted_at: string;
  deleted_by_name: string | null;
  ngo_name: string | null;
};

/**
 * PostgreSQL: the post-operative log of the case in `table` (cases, or a WITH's rows of cases) as
 * a JSON array by day number, each entry the row listForCase reads.
 */
function postOpDaysJson(table: 'cases' | 'written'): RawBuilder<PostOpDayWithAuthor[]> {
  const ofCase = postOpDaysOf(sql.ref(`${table}.id`), sql<SqlBool>`case_post_op_days.ngo_id = ${sql.ref(`${table}.ngo_id`)}`);
  return sql<PostOpDayWithAuthor[]>`(select coalesce(json_agg(d order by d.day_number), '[]'::json) from (${ofCase}) d)`;
}

/**
 * The values with the phonetic keys of each keyed field they set (migration 022): the word index
 * reads the keys beside the fields, so every write of a field writes its keys with it.
 */
function withSearchKeys<T extends Partial<Record<keyof typeof CASE_KEY_COLUMNS, string | null>>>(values: T): T {
  const keyed: Record<string, string | null> = {};
  for (const [column, keysColumn] of Object.entries(CASE_KEY_COLUMNS) as Array<[keyof typeof CASE_KEY_COLUMNS, string]>) {
    if (values[column] !== undefined) keyed[keysColumn] = indexKeysOf(values[column]);
  }
  return { ...values, ...keyed };
}

/** Cases. Soft-deleted cases are invisible to every read here except the restore lookup. */
export class CaseRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(values: Omit<NewCaseRow, 'created_at' | 'updated_at'>): Promise<CaseRow> {
    const now = nowIso();
    return this.db.insertInto('cases').values({ ...withSearchKeys(values), created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
  }

  async findByClientKey(scope: NgoScope, createdBy: number, clientKey: string): Promise<CaseRow | undefined> {
    const query = this.db.selectFrom('cases').selectAll().where('created_by', '=', createdBy).where('client_key', '=', clientKey);
    return scopedTo(query, scope).executeTakeFirst();
  }

  /**
   * A case of the scope. `forUpdate` (inside a transaction) locks the row on PostgreSQL until the
   * commit, so rules checked against the stored values still hold when the write lands; SQLite
   * runs one write transaction at a time anyway.
   */
  async findInScope(scope: NgoScope, id: number, options: { deleted?: boolean; forUpdate?: boolean } = {}): Promise<CaseWithCreator | undefined> {
    // Written as SQL rather than built: getCaseById and every save read it, and building it cost
    // more than SQLite's reading the row (docs/performance/2026-11-24.md, "Per-request overhead").
    // The creator's name as a subquery, not a join: with the LEFT JOIN beside the NGO and
    // deleted_at conditions SQLite read the case several times slower (docs/performance/2026-11-23.md).
    const deleted = options.deleted ? sql`is not null` : sql`is null`;
    const lock = options.forUpdate && this.db.getExecutor().adapter instanceof PostgresAdapter ? sql`for update of cases` : sql``;
    const { rows } = await sql<CaseWithCreator>`
      select cases.*, (select users.name from users where users.id = cases.created_by) as created_by_name
      from cases
      where cases.id = ${id} and cases.deleted_at ${deleted} and ${inArea(scope, 'cases.ngo_id')}
      ${lock}`.execute(this.db);
    return rows[0];
  }

  /**
   * A live case of the scope with its post-operative log (by day number), for getCaseById. On
   * PostgreSQL in one statement, the log aggregated as JSON beside the case: each statement is a
   * round trip that costs Node and PostgreSQL more CPU than reading the log does
   * (docs/performance/2026-11-24.md, "PostgreSQL: a case's read and a step's save"). Its entries
   * come back as pg reads the same columns (integers and doubles as numbers, text as strings). On
   * SQLite a query is a call in the process: two, as before.
   */
  async findWithPostOpDays(scope: NgoScope, id: number): Promise<CaseWithPostOpDays | undefined> {
    if (!isPostgresDb(this.db)) {
      const row = await this.findInScope(scope, id);
      return row && { row, days: await postOpDaysByDay(this.db, row.ngo_id, row.id) };
    }
    // The log's column is left on the row (copying the row's hundred columns without it would cost
    // more than it saves); nothing reads a case row whole.
    const { rows } = await sql<CaseWithCreator & { post_op_days: PostOpDayWithAuthor[] }>`
      select cases.*, (select users.name from users where users.id = cases.created_by) as created_by_name,
        ${postOpDaysJson('cases')} as post_op_days
      from cases
      where cases.id = ${id} and cases.deleted_at is null and ${inArea(scope, 'cases.ngo_id')}`.execute(this.db);
    const row = rows[0];
    return row && { row, days: row.post_op_days };
  }

  /** Just where a live case of the scope is (its id and NGO), for reads that need no more of it. */
  async locate(scope: NgoScope, id: number): Promise<Pick<CaseRow, 'id' | 'ngo_id'> | undefined> {
    return scopedTo(this.db.selectFrom('cases').select(['id', 'ngo_id']).where('id', '=', id).where('deleted_at', 'is', null), scope).executeTakeFirst();
  }

  /**
   * Another open case of the NGO (not deleted, not released, no death or release date recorded) with
   * the collar or tag number, compared without regard to case. Read through the partial unique index
   * of migrations 009 and 016.
   */
  async openCaseWithCollarTag(ngoId: number, collarTag: string, exceptId: number): Promise<{ id: number } | undefined> {
    return this.db
      .selectFrom('cases')
      .select('id')
      .where('ngo_id', '=', ngoId)
      .where(sql`upper(collar_tag)`, '=', collarTag.toUpperCase())
      .where('collar_tag', 'is not', null)
      .where('deleted_at', 'is', null)
      .where('status', '<>', 'Released')
      .where('death_date', 'is', null)
      .where('release_date', 'is', null)
      .where('id', '!=', exceptId)
      .executeTakeFirst();
  }

  /**
   * The ward/zone names of the scope's live cases that begin with the text (or have a word that
   * does), most used first, then by name. From the (ngo_id, ward_zone) index.
   */
  async wardSuggestions(scope: NgoScope, search: string, limit: number): Promise<string[]> {
    let query = scopedTo(this.db.selectFrom('cases').where('ward_zone', 'is not', null).where('deleted_at', 'is', null), scope);
    const text = search.trim().toLowerCase();
    if (text) {
      const escaped = containsPattern(text).slice(1, -1);
      query = query.where(sql<SqlBool>`(lower(ward_zone) like ${`${escaped}%`} escape '\\' or lower(ward_zone) like ${`% ${escaped}%`} escape '\\')`);
    }
    const rows = await query
      .select(['ward_zone', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('ward_zone')
      .orderBy('n', 'desc')
      .orderBy('ward_zone')
      .limit(limit)
      .execute();
    return rows.map((r) => r.ward_zone).filter((w): w is string => w !== null);
  }

  /**
   * One page, newest first, with the creator's name. The page's ids come first, from the index
   * alone, so a deep page skips index entries instead of whole rows; then only the columns the
   * dashboard shows are read for those ids. Given the filtered set's size, a page in its older half
   * is counted from the oldest case instead, so the last page costs what the first does.
   */
  async list(filter: CaseFilter, page: number, pageSize: number, total?: number): Promise<CaseListRow[]> {
    const skip = (page - 1) * pageSize;
    const fromOldest = total !== undefined && skip > total / 2;
    const end = fromOldest ? Math.min(skip + pageSize, total) : 0;
    if (fromOldest && end <= skip) return [];
    const window = fromOldest && total !== undefined ? { limit: end - skip, offset: total - end, ascending: true } : { limit: pageSize, offset: skip, ascending: false };
    const indexed = this.indexedQueries(filter);
    let pageIds: Array<{ id: number }>;
    if (indexed) {
      // A search the word index answers alone: the page's ids come from it.
      pageIds = (await indexedPage(this.db, indexed, window)).map((id) => ({ id }));
    } else {
      const ids = this.filtered(filter).select('cases.id');
      pageIds = await ids
        .orderBy('cases.id', window.ascending ? 'asc' : 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute();
    }
    return this.rowsOf(
      filter.scope,
      pageIds.map((r) => r.id),
    );
  }

  /**
   * The dashboard's page and the status counts of the whole filtered set (the status filter narrows
   * the page, not the counts). A search the word index answers alone reads the index once
   * for both; anything else counts (countByStatus), then reads the page (list).
   */
  async pageWithCounts(filter: CaseFilter, page: number, pageSize: number): Promise<{ byStatus: Map<string, number>; rows: CaseListRow[] }> {
    const skip = (page - 1) * pageSize;
    const groups = this.wordQueries(filter);
    if (groups) {
      const pageRows = { query: (ids: RawBuilder<unknown>) => this.listRows(filter.scope, ids), columns: LIST_ROW_NAMES };
      const { counts, rows } = await indexedMatches(this.db, groups, filter.status ?? undefined, { offset: skip, limit: pageSize }, pageRows);
      return { byStatus: counts, rows: (rows ?? []).map(listRowOf) };
    }
    const byStatus = await this.countByStatus(filter);
    const total = filter.status ? (byStatus.get(filter.status) ?? 0) : [...byStatus.values()].reduce((a, b) => a + b, 0);
    return { byStatus, rows: await this.list(filter, page, pageSize, total) };
  }

  /**
   * What the dashboard shows of the cases with these ids (newest first), with the creator's and the
   * NGO's names. Written as SQL rather than built: every new page reads it, and building cost about
   * what SQLite's reading did. Scoped again, though the ids are the scope's already: the word index
   * finds them by rowid range, and tenant rows are read inside their area here too. SQLite answers
   * each row as an array, made into an object here: better-sqlite3's own row objects cost more than
   * an array and a literal (docs/performance/2026-11-24.md, "A new search, cheaper to answer").
   */
  private async rowsOf(scope: NgoScope, ids: readonly number[]): Promise<CaseListRow[]> {
    if (ids.length === 0) return [];
    const query = this.listRows(scope, sql.join(ids)).compile(this.db);
    const rows = await selectArrays(this.db, { compile: () => query }, LIST_ROW_NAMES);
    return rows.map(listRowOf);
  }

  /** rowsOf's query, for the ids that `ids` gives as SQL (a list, or a subquery). */
  private listRows(scope: NgoScope, ids: RawBuilder<unknown>): RawBuilder<unknown> {
    // Joins, not subqueries as in findInScope: for a page of rows they cost less
    // (docs/performance/2026-11-24.md).
    return sql`
      select ${sql.raw(LIST_COLUMNS.join(', '))}, users.name as created_by_name, ngos.name as ngo_name
      from cases
      left join users on users.id = cases.created_by
      left join ngos on ngos.id = cases.ngo_id
      where cases.id in (${ids}) and cases.deleted_at is null and ${inArea(scope, 'cases.ngo_id')}
      order by cases.id desc`;
  }

  /**
   * A page of the scope's deleted cases, the latest deletion first, with who deleted each and the
   * NGO's name, and how many there are. Read from the partial index of deleted cases (migration 012).
   */
  async listDeleted(scope: NgoScope, page: number, pageSize: number): Promise<{ rows: DeletedCaseRow[]; total: number }> {
    const deleted = scopedTo(this.db.selectFrom('cases').where('cases.deleted_at', 'is not', null), scope, 'cases.ngo_id');
    const counted = await deleted.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const total = Number(counted?.n ?? 0);
    if (total === 0) return { rows: [], total };
    const rows = await deleted
      .leftJoin('users', 'users.id', 'cases.deleted_by')
      .leftJoin('ngos', 'ngos.id', 'cases.ngo_id')
      .select([
        'cases.id',
        'cases.ngo_id',
        'cases.type',
        'cases.status',
        'cases.reporter_name',
        'cases.location',
        'cases.unique_id',
        'cases.reported_date',
        'cases.created_at',
        'users.name as deleted_by_name',
        'ngos.name as ngo_name',
      ])
      .select(sql<string>`cases.deleted_at`.as('deleted_at'))
      .orderBy('cases.deleted_at', 'desc')
      .orderBy('cases.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { rows, total };
  }

  /**
   * Every case of the filtered set, a page at a time, for its CSV export (docs/reports.md): newest
   * first, the page after `beforeId` (keyset paging, so each page costs what the first does). The
   * page's ids come from the index, then only those rows are read, and of them only the given
   * columns, each row an array of their values in that order: building an object of every column
   * for each row was most of an export's time and memory.
   */
  async exportPage(filter: CaseFilter, beforeId: number | null, limit: number, columns: readonly (keyof CaseRow)[]): Promise<unknown[][]> {
    let ids = this.filtered(filter).select('cases.id');
    if (beforeId !== null) ids = ids.where('cases.id', '<', beforeId);
    const page = await ids.orderBy('cases.id', 'desc').limit(limit).execute();
    if (page.length === 0) return [];
    const rows = this.db
      .selectFrom('cases')
      .select(columns.map((column) => `cases.${column}` as const))
      .where(
        'cases.id',
        'in',
        page.map((r) => r.id),
      );
    return selectArrays(this.db, scopedTo(rows, filter.scope, 'cases.ngo_id').orderBy('cases.id', 'desc'), columns);
  }

  /**
   * Every case of every NGO, deleted ones too, in id order after `afterId`, a page at a time: for
   * one-off checks of the stored data (scripts/check-dates.ts), never for a request.
   */
  async allAfter(afterId: number, limit: number): Promise<CaseRow[]> {
    return this.db.selectFrom('cases').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();
  }

  /**
   * How many live cases of the filtered set are in each status (the status filter itself is not
   * applied). Statuses that a search matches by name, and every status without a search, are read
   * from the trigger-kept counters; only the word part of a search counts cases.
   */
  async countByStatus(filter: CaseFilter): Promise<Map<string, number>> {
    const search = filter.search?.trim();
    if (!search) return this.counters(filter, CASE_STATUSES);
    const counts = new Map<string, number>();
    for (const group of planSearch(search, CASE_STATUSES)) {
      const found =
        group.words.length === 0
          ? await this.counters(filter, group.statuses)
          : await indexedCounts(this.db, { scope: filter.scope, type: filter.type, statuses: group.statuses, words: group.words });
      for (const [status, n] of found) counts.set(status, n);
    }
    return counts;
  }

  /**
   * Changes whenever anything the dashboard shows of the scope's cases changes (kept by triggers).
   * Asked on every dashboard request, so written as SQL rather than built.
   */
  async listVersion(scope: NgoScope): Promise<number> {
    const { rows } = await sql<{ v: number | null }>`select sum(version) as v from case_list_versions where ${inArea(scope)}`.execute(this.db);
    return Number(rows[0]?.v ?? 0);
  }

  /** Matched on the case's NGO as well as its id, so a write can never land in another NGO. */
  async update(record: Pick<CaseRow, 'id' | 'ngo_id'>, patch: CaseUpdate): Promise<void> {
    await scopedTo(this.db.updateTable('cases').set({ ...withSearchKeys(patch), updated_at: nowIso() }).where('id', '=', record.id), record.ngo_id).execute();
  }

  /**
   * As update, with the audit entry of the change, answering the case as written (RETURNING) with
   * its creator's name and its log, so a save that answers the case need not read it again. On
   * PostgreSQL one statement (a data-modifying WITH): its snapshot is taken after the caller locked
   * the case, and every write of the log locks the case first, so the log read here is the one the
   * commit leaves. On SQLite, where a statement is a call in the process and writes take turns,
   * three calls. Undefined if no case matched: callers find and lock it in the same transaction
   * first, and their error on undefined rolls the entry back.
   */
  async updateAudited(record: Pick<CaseWithCreator, 'id' | 'ngo_id' | 'created_by_name'>, patch: CaseUpdate, entry: Insertable<AuditLogTable>): Promise<CaseWithPostOpDays | undefined> {
    const written = scopedTo(this.db.updateTable('cases').set({ ...withSearchKeys(patch), updated_at: nowIso() }).where('id', '=', record.id), record.ngo_id).returningAll();
    if (!isPostgresDb(this.db)) {
      const row = await written.executeTakeFirst();
      if (!row) return undefined;
      await this.db.insertInto('audit_log').values(entry).execute();
      return { row: { ...row, created_by_name: record.created_by_name }, days: await postOpDaysByDay(this.db, row.ngo_id, row.id) };
    }
    const row = await this.db
      .with('written', () => written)
      .with('logged', (db) => db.insertInto('audit_log').values(entry))
      .selectFrom('written')
      .selectAll('written')
      .select([
        sql<string | null>`(select users.name from users where users.id = written.created_by)`.as('created_by_name'),
        sql<PostOpDayWithAuthor[]>`${postOpDaysJson('written')}`.as('post_op_days'),
      ])
      .executeTakeFirst();
    return row && { row, days: row.post_op_days };
  }

  private async counters(filter: CaseFilter, statuses: readonly string[]): Promise<Map<string, number>> {
    let counters = scopedTo(this.db.selectFrom('case_counts').select(['status', (eb) => eb.fn.sum<number>('n').as('n')]).groupBy('status'), filter.scope);
    if (filter.type) counters = counters.where('type', '=', filter.type);
    if (statuses.length < CASE_STATUSES.length) counters = counters.where('status', 'in', [...statuses]);
    return new Map((await counters.execute()).map((r) => [r.status, Number(r.n)]));
  }

  /**
   * The search as word queries the index answers alone (every part of it has words), one per group
   * of statuses (the status filter not applied); undefined when the cases table must be read (no
   * search, or a status matched by its name alone).
   */
  private wordQueries(filter: CaseFilter): WordQuery[] | undefined {
    const search = filter.search?.trim();
    if (!search) return undefined;
    const groups = planSearch(search, CASE_STATUSES);
    if (groups.length === 0 || groups.some((g) => g.words.length === 0)) return undefined;
    return groups.map((g) => ({ scope: filter.scope, type: filter.type, statuses: g.statuses, words: g.words }));
  }

  /** The word queries of the search with the status filter applied (see wordQueries). */
  private indexedQueries(filter: CaseFilter): WordQuery[] | undefined {
    return this.wordQueries(filter)
      ?.map((q) => ({ ...q, statuses: filter.status ? q.statuses.filter((s) => s === filter.status) : q.statuses }))
      .filter((q) => q.statuses.length > 0);
  }

  /** Live cases in scope, of the chosen type. */
  private live(filter: CaseFilter) {
    let query = scopedTo(this.db.selectFrom('cases').where('cases.deleted_at', 'is', null), filter.scope, 'cases.ngo_id');
    if (filter.type) query = query.where('cases.type', '=', filter.type);
    return query;
  }

  /** The whole filter: scope, type, status and search (the dashboard's list, and its map: modules/map). */
  filtered(filter: CaseFilter) {
    let query = this.live(filter);
    if (filter.status) query = query.where('cases.status', '=', filter.status);
    const search = filter.search?.trim();
    if (!search) return query;
    const groups = planSearch(search, CASE_STATUSES);
    return query.where((eb) =>
      eb.or(
        groups.map((group) =>
          eb.and([
            ...(group.statuses.length < CASE_STATUSES.length ? [eb('cases.status', 'in', group.statuses)] : []),
            ...(group.words.length > 0 ? [caseWordsMatch(this.db, filter.scope, group.words)] : []),
          ]),
        ),
      ),
    );
  }
}
