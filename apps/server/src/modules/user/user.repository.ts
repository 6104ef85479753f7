import { type Kysely, sql } from 'kysely';
import { nowIso } from '../../lib/time';
import type { DB, NewUserRow, UserRow, UserUpdate } from '../../db/schema';

export interface UserWithNgo extends UserRow {
  ngo_name: string | null;
}

export class UserRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Login IDs are usernames or emails, matched without regard to case. */
  async findByLoginId(loginId: string): Promise<UserRow | undefined> {
    const key = loginId.toLowerCase();
    return this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([eb(sql`lower(username)`, '=', key), eb(sql`lower(email)`, '=', key)]))
      .executeTakeFirst();
  }

  async findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findWithNgo(id: number): Promise<UserWithNgo | undefined> {
    return this.db
      .selectFrom('users')
      .leftJoin('ngos', 'ngos.id', 'users.ngo_id')
      .selectAll('users')
      .select('ngos.name as ngo_name')
      .where('users.id', '=', id)
      .executeTakeFirst();
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(values: Omit<NewUserRow, 'created_at' | 'updated_at'>): Promise<UserRow> {
    const now = nowIso();
    return this.db
      .insertInto('users')
      .values({ ...values, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, patch: Omit<UserUpdate, 'id' | 'updated_at'>): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...patch, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }
}
