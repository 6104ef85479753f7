import { type Kysely, sql } from 'kysely';
import { searchPage, type NgoScope, type Page, type PageRequest } from '../../db/listing';
import type { DB, NgoRow, NgoUpdate, NewNgoRow } from '../../db/schema';
import { nowIso } from '../../lib/time';

/** NGOs. A Founder's scope is their own NGO: the scope applies to the id column here. */
export class NgoRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async findById(id: number): Promise<NgoRow | undefined> {
    return this.db.selectFrom('ngos').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findInScope(scope: NgoScope, id: number): Promise<NgoRow | undefined> {
    if (scope !== 'all' && scope !== id) return undefined;
    return this.findById(id);
  }

  async exists(id: number): Promise<boolean> {
    const row = await this.db.selectFrom('ngos').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  async findIdByName(name: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('ngos')
      .select('id')
      .where(sql`lower(name)`, '=', name.trim().toLowerCase())
      .orderBy('id')
      .executeTakeFirst();
    return row?.id;
  }

  async findIdByDarpanId(darpanId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('ngos')
      .select('id')
      .where(sql`lower(darpan_id)`, '=', darpanId.trim().toLowerCase())
      .executeTakeFirst();
    return row?.id;
  }

  async list(scope: NgoScope, request: PageRequest): Promise<Page<NgoRow>> {
    return searchPage(this.db, 'ngos', { scope, scopeColumn: 'id', columns: ['name', 'darpan_id'], request });
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
