import type { Kysely } from 'kysely';
import { nowIso } from '../../lib/time';
import type { DB, NgoRow } from '../../db/schema';

export class NgoRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async findById(id: number): Promise<NgoRow | undefined> {
    return this.db.selectFrom('ngos').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async exists(id: number): Promise<boolean> {
    const row = await this.db.selectFrom('ngos').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  async insert(values: { name: string; darpanId?: string | null }): Promise<NgoRow> {
    const now = nowIso();
    return this.db
      .insertInto('ngos')
      .values({ name: values.name, darpan_id: values.darpanId ?? null, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
