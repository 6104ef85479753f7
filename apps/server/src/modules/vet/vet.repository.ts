import { type Kysely, sql } from 'kysely';
import { readPage, searchedFor, type Page, type PageRequest } from '../../db/listing';
import type { DB, NewVetRow, VetRow, VetUpdate } from '../../db/schema';
import { scopedTo, type NgoScope } from '../../db/scope';
import { nowIso } from '../../lib/time';

/** What the vet list's search box looks in (and the vet export's). */
export const VET_SEARCH_COLUMNS: readonly string[] = ['name', 'reg_id'];

/** Vets, each belonging to one NGO. Reads take the scope; writes match the record's NGO as well as its id. */
export class VetRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The search box looks in name and registration ID. */
  async list(scope: NgoScope, request: PageRequest): Promise<Page<VetRow>> {
    const query = scopedTo(this.db.selectFrom('vets').selectAll(), scope);
    return readPage(searchedFor(query, VET_SEARCH_COLUMNS, request.search), request);
  }

  async findInScope(scope: NgoScope, id: number): Promise<VetRow | undefined> {
    return scopedTo(this.db.selectFrom('vets').selectAll().where('id', '=', id), scope).executeTakeFirst();
  }

  /** The names of an NGO's vets, for the operation step's vet name. */
  async names(scope: NgoScope): Promise<string[]> {
    const rows = await scopedTo(this.db.selectFrom('vets').select('name'), scope).orderBy(sql`lower(name)`).execute();
    return rows.map((r) => r.name);
  }

  /** An NGO's vets (id and name), for the operation step's vet picker. */
  async choices(ngoId: number): Promise<Array<{ id: number; name: string }>> {
    return scopedTo(this.db.selectFrom('vets').select(['id', 'name']), ngoId).orderBy(sql`lower(name)`).orderBy('id').execute();
  }

  async insert(values: Omit<NewVetRow, 'created_at' | 'updated_at'>): Promise<VetRow> {
    const now = nowIso();
    return this.db
      .insertInto('vets')
      .values({ ...values, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(record: Pick<VetRow, 'id' | 'ngo_id'>, patch: Omit<VetUpdate, 'id' | 'ngo_id' | 'created_at' | 'updated_at'>): Promise<void> {
    await scopedTo(this.db.updateTable('vets').set({ ...patch, updated_at: nowIso() }).where('id', '=', record.id), record.ngo_id).execute();
  }
}
