import { sql, type Kysely } from 'kysely';
import { readPage, searchedFor, type Page, type PageRequest } from '../../db/listing';
import type { DB, NewReporterRow, ReporterRow, ReporterUpdate } from '../../db/schema';
import { scopedTo, type NgoScope } from '../../db/scope';
import { nowIso } from '../../lib/time';

/** What the reporter list's search box looks in (and the reporter export's). */
export const REPORTER_SEARCH_COLUMNS: readonly string[] = ['name', 'email', 'contact'];

/** Reporters, each belonging to one NGO. Reads take the scope; writes match the record's NGO as well as its id. */
export class ReporterRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The search box looks in name, email and phone number. */
  async list(scope: NgoScope, request: PageRequest): Promise<Page<ReporterRow>> {
    const query = scopedTo(this.db.selectFrom('reporters').selectAll(), scope);
    return readPage(searchedFor(query, REPORTER_SEARCH_COLUMNS, request.search), request);
  }

  /** An NGO's latest reporters (newest first), without their identity documents: the case step's typeahead offline. */
  async latest(ngoId: number, limit: number): Promise<Array<Pick<ReporterRow, 'id' | 'ngo_id' | 'name' | 'contact' | 'alternate_contact' | 'email' | 'created_by'>>> {
    return scopedTo(this.db.selectFrom('reporters').select(['id', 'ngo_id', 'name', 'contact', 'alternate_contact', 'email', 'created_by']), ngoId).orderBy('id', 'desc').limit(limit).execute();
  }

  /** The NGO's reporters of this name, ignoring case and the spaces around it. */
  async named(ngoId: number, name: string): Promise<ReporterRow[]> {
    return scopedTo(this.db.selectFrom('reporters').selectAll().where(sql<string>`lower(trim(name))`, '=', name.trim().toLowerCase()), ngoId).orderBy('id').execute();
  }

  async findInScope(scope: NgoScope, id: number): Promise<ReporterRow | undefined> {
    return scopedTo(this.db.selectFrom('reporters').selectAll().where('id', '=', id), scope).executeTakeFirst();
  }

  async insert(values: Omit<NewReporterRow, 'created_at' | 'updated_at'>): Promise<ReporterRow> {
    const now = nowIso();
    return this.db
      .insertInto('reporters')
      .values({ ...values, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(record: Pick<ReporterRow, 'id' | 'ngo_id'>, patch: Omit<ReporterUpdate, 'id' | 'ngo_id' | 'created_at' | 'updated_at'>): Promise<void> {
    await scopedTo(this.db.updateTable('reporters').set({ ...patch, updated_at: nowIso() }).where('id', '=', record.id), record.ngo_id).execute();
  }
}
