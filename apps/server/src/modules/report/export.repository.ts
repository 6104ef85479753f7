import type { Kysely } from 'kysely';
import { searchedFor } from '../../db/listing';
import type { DB, NgoRow, ReporterRow, SponsorRow, UserRow, VetRow } from '../../db/schema';
import { scopedTo, type NgoScope } from '../../db/scope';
import { NGO_SEARCH_COLUMNS } from '../ngo/ngo.repository';
import { REPORTER_SEARCH_COLUMNS } from '../reporter/reporter.repository';
import { SPONSOR_SEARCH_COLUMNS } from '../sponsor/sponsor.repository';
import { USER_SEARCH_COLUMNS } from '../user/user.repository';
import { VET_SEARCH_COLUMNS } from '../vet/vet.repository';

/** Where a page of an export starts: after this id, in id order, this many rows. */
export interface ExportPage {
  search?: string | undefined;
  afterId: number;
  limit: number;
}

export type UserExportRow = UserRow & { ngo_name: string | null };
export type NamedRow<T> = T & { ngo_name: string | null };

/**
 * The directory lists of the app, every page of them, for CSV exports (docs/reports.md#csv-files):
 * the same scope and search as each list, read a page at a time after the last id sent (keyset
 * paging), so an export holds one page in memory and each page costs what the first does.
 */
export class ExportRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async users(scope: NgoScope, status: 'active' | 'deactivated' | 'all', page: ExportPage): Promise<UserExportRow[]> {
    let query = scopedTo(this.db.selectFrom('users').leftJoin('ngos', 'ngos.id', 'users.ngo_id').selectAll('users').select('ngos.name as ngo_name'), scope, 'users.ngo_id');
    if (status === 'active') query = query.where('users.deactivated_at', 'is', null);
    if (status === 'deactivated') query = query.where('users.deactivated_at', 'is not', null);
    return searchedFor(query, USER_SEARCH_COLUMNS.map((c) => `users.${c}`), page.search)
      .where('users.id', '>', page.afterId)
      .orderBy('users.id')
      .limit(page.limit)
      .execute();
  }

  async countUsers(scope: NgoScope, status: 'active' | 'deactivated' | 'all', search: string | undefined): Promise<number> {
    let query = scopedTo(this.db.selectFrom('users'), scope);
    if (status === 'active') query = query.where('deactivated_at', 'is', null);
    if (status === 'deactivated') query = query.where('deactivated_at', 'is not', null);
    const row = await searchedFor(query, USER_SEARCH_COLUMNS, search).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async ngos(scope: NgoScope, page: ExportPage): Promise<NgoRow[]> {
    return searchedFor(scopedTo(this.db.selectFrom('ngos').selectAll(), scope, 'id'), NGO_SEARCH_COLUMNS, page.search)
      .where('id', '>', page.afterId)
      .orderBy('id')
      .limit(page.limit)
      .execute();
  }

  async countNgos(scope: NgoScope, search: string | undefined): Promise<number> {
    const row = await searchedFor(scopedTo(this.db.selectFrom('ngos'), scope, 'id'), NGO_SEARCH_COLUMNS, search)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async reporters(scope: NgoScope, page: ExportPage): Promise<Array<NamedRow<ReporterRow>>> {
    const query = scopedTo(this.db.selectFrom('reporters').leftJoin('ngos', 'ngos.id', 'reporters.ngo_id').selectAll('reporters').select('ngos.name as ngo_name'), scope, 'reporters.ngo_id');
    return searchedFor(query, REPORTER_SEARCH_COLUMNS.map((c) => `reporters.${c}`), page.search)
      .where('reporters.id', '>', page.afterId)
      .orderBy('reporters.id')
      .limit(page.limit)
      .execute();
  }

  async countReporters(scope: NgoScope, search: string | undefined): Promise<number> {
    const row = await searchedFor(scopedTo(this.db.selectFrom('reporters'), scope), REPORTER_SEARCH_COLUMNS, search)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async vets(scope: NgoScope, page: ExportPage): Promise<Array<NamedRow<VetRow>>> {
    const query = scopedTo(this.db.selectFrom('vets').leftJoin('ngos', 'ngos.id', 'vets.ngo_id').selectAll('vets').select('ngos.name as ngo_name'), scope, 'vets.ngo_id');
    return searchedFor(query, VET_SEARCH_COLUMNS.map((c) => `vets.${c}`), page.search)
      .where('vets.id', '>', page.afterId)
      .orderBy('vets.id')
      .limit(page.limit)
      .execute();
  }

  async countVets(scope: NgoScope, search: string | undefined): Promise<number> {
    const row = await searchedFor(scopedTo(this.db.selectFrom('vets'), scope), VET_SEARCH_COLUMNS, search)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async sponsors(scope: NgoScope, page: ExportPage): Promise<Array<NamedRow<SponsorRow>>> {
    const query = scopedTo(this.db.selectFrom('sponsors').leftJoin('ngos', 'ngos.id', 'sponsors.ngo_id').selectAll('sponsors').select('ngos.name as ngo_name'), scope, 'sponsors.ngo_id');
    return searchedFor(query, SPONSOR_SEARCH_COLUMNS.map((c) => `sponsors.${c}`), page.search)
      .where('sponsors.id', '>', page.afterId)
      .orderBy('sponsors.id')
      .limit(page.limit)
      .execute();
  }

  async countSponsors(scope: NgoScope, search: string | undefined): Promise<number> {
    const row = await searchedFor(scopedTo(this.db.selectFrom('sponsors'), scope), SPONSOR_SEARCH_COLUMNS, search)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Names of the scope's users by id: the catching squads of exported cases. */
  async userNames(scope: NgoScope): Promise<Map<number, string>> {
    const rows = await scopedTo(this.db.selectFrom('users').select(['id', 'name']), scope).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /**
   * Names of the given users, whatever their NGO: the creators of exported cases that are not among
   * the scope's users (an Admin who created a case), as a join on the case's creator would name them.
   */
  async userNamesById(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'name']).where('id', 'in', [...ids]).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Names of the scope's NGOs by id. */
  async ngoNames(scope: NgoScope): Promise<Map<number, string>> {
    const rows = await scopedTo(this.db.selectFrom('ngos').select(['id', 'name']), scope, 'id').execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** How many days each case's post-operative log holds. */
  async postOpDayCounts(scope: NgoScope, caseIds: readonly number[]): Promise<Map<number, number>> {
    if (caseIds.length === 0) return new Map();
    const rows = await scopedTo(this.db.selectFrom('case_post_op_days'), scope)
      .where('case_id', 'in', [...caseIds])
      .select(['case_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('case_id')
      .execute();
    return new Map(rows.map((r) => [r.case_id, Number(r.n)]));
  }
}
