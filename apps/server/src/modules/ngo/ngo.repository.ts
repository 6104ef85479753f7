import { type Kysely, sql } from 'kysely';
import { readPage, searchedFor, type Page, type PageRequest } from '../../db/listing';
import type { DB, NgoRow, NgoUpdate, NewNgoRow } from '../../db/schema';
import { scopedTo, type NgoScope } from '../../db/scope';
import { nowIso } from '../../lib/time';

/** What the NGO list's search box looks in (and the NGO export's). */
export const NGO_SEARCH_COLUMNS: readonly string[] = ['name', 'darpan_id'];

/**
 * NGOs. A Founder's scope is their own NGO: the scope applies to the id column here. The lookups
 * across every NGO serve an Admin naming the NGO of a record, and the Darpan Id's uniqueness.
 */
export class NgoRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async findInScope(scope: NgoScope, id: number): Promise<NgoRow | undefined> {
    return scopedTo(this.db.selectFrom('ngos').selectAll().where('id', '=', id), scope, 'id').executeTakeFirst();
  }

  /** Across every NGO, on purpose: only an Admin's choice of NGO is checked with it (lib/tenancy.ts). */
  async exists(id: number): Promise<boolean> {
    const row = await this.db.selectFrom('ngos').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /** Across every NGO, on purpose: an Admin may name the NGO of a record by its name (lib/tenancy.ts). */
  async findIdByName(name: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('ngos')
      .select('id')
      .where(sql`lower(name)`, '=', name.trim().toLowerCase())
      .orderBy('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** Across every NGO, on purpose: a Darpan Id belongs to one NGO on the whole platform. */
  async findIdByDarpanIdAcrossNgos(darpanId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('ngos')
      .select('id')
      .where(sql`lower(darpan_id)`, '=', darpanId.trim().toLowerCase())
      .executeTakeFirst();
    return row?.id;
  }

  /** Across every NGO, on purpose: a public page address belongs to one NGO on the whole platform. */
  async findIdBySlugAcrossNgos(slug: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('ngos').select('id').where(sql`lower(public_slug)`, '=', slug.trim().toLowerCase()).executeTakeFirst();
    return row?.id;
  }

  /** Across every NGO, on purpose: the public report page finds its NGO by its address, only while the page is on. */
  async findPublicPageAcrossNgos(slug: string): Promise<NgoRow | undefined> {
    return this.db
      .selectFrom('ngos')
      .selectAll()
      .where(sql`lower(public_slug)`, '=', slug.trim().toLowerCase())
      .where('public_page_enabled', '=', 1)
      .executeTakeFirst();
  }

  /** The search box looks in name and Darpan Id. */
  async list(scope: NgoScope, request: PageRequest): Promise<Page<NgoRow>> {
    const query = scopedTo(this.db.selectFrom('ngos').selectAll(), scope, 'id');
    return readPage(searchedFor(query, NGO_SEARCH_COLUMNS, request.search), request);
  }

  async insert(values: Omit<NewNgoRow, 'created_at' | 'updated_at'>): Promise<NgoRow> {
    const now = nowIso();
    return this.db
      .insertInto('ngos')
      .values({ ...values, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, patch: Omit<NgoUpdate, 'id' | 'created_at' | 'updated_at'>): Promise<void> {
    await this.db
      .updateTable('ngos')
      .set({ ...patch, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }
}
