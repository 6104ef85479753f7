import { type Kysely, sql } from 'kysely';
import { searchPage, type NgoScope, type Page, type PageRequest } from '../../db/listing';
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

  /** Active users of the scope; deactivated accounts leave the list but keep their name on records. */
  async list(scope: NgoScope, request: PageRequest): Promise<Page<UserRow>> {
    return searchPage(this.db, 'users', { scope, columns: ['name', 'email', 'username'], request, filters: [['deactivated_at', 'is', null]] });
  }

  async findInScope(scope: NgoScope, id: number): Promise<UserWithNgo | undefined> {
    const user = await this.findWithNgo(id);
    return user && (scope === 'all' || user.ngo_id === scope) ? user : undefined;
  }

  /** Another account already holding this email or username, compared without case. */
  async findClash(field: 'email' | 'username', value: string, exceptId?: number): Promise<UserRow | undefined> {
    let query = this.db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(${sql.ref(field)})`, '=', value.toLowerCase());
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return query.executeTakeFirst();
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
