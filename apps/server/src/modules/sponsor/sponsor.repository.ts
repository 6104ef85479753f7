import type { Kysely } from 'kysely';
import { readPage, searchedFor, type Page, type PageRequest } from '../../db/listing';
import type { DB, NewSponsorRow, SponsorRow, SponsorUpdate } from '../../db/schema';
import { scopedTo, type NgoScope } from '../../db/scope';
import { nowIso } from '../../lib/time';

/** What the sponsor list's search box looks in (and the sponsor export's). */
export const SPONSOR_SEARCH_COLUMNS: readonly string[] = ['name', 'type'];

/** Sponsors, each belonging to one NGO. Reads take the scope; writes match the record's NGO as well as its id. */
export class SponsorRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The search box looks in name and sponsorship type. */
  async list(scope: NgoScope, request: PageRequest): Promise<Page<SponsorRow>> {
    const query = scopedTo(this.db.selectFrom('sponsors').selectAll(), scope);
    return readPage(searchedFor(query, SPONSOR_SEARCH_COLUMNS, request.search), request);
  }

  async findInScope(scope: NgoScope, id: number): Promise<SponsorRow | undefined> {
    return scopedTo(this.db.selectFrom('sponsors').selectAll().where('id', '=', id), scope).executeTakeFirst();
  }

  async insert(values: Omit<NewSponsorRow, 'created_at' | 'updated_at'>): Promise<SponsorRow> {
    const now = nowIso();
    return this.db
      .insertInto('sponsors')
      .values({ ...values, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(record: Pick<SponsorRow, 'id' | 'ngo_id'>, patch: Omit<SponsorUpdate, 'id' | 'ngo_id' | 'created_at' | 'updated_at'>): Promise<void> {
    await scopedTo(this.db.updateTable('sponsors').set({ ...patch, updated_at: nowIso() }).where('id', '=', record.id), record.ngo_id).execute();
  }
}
