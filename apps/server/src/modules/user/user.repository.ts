import { type Kysely, sql } from 'kysely';
import { readPage, searchedFor, type Page, type PageRequest } from '../../db/listing';
import type { DB, NewUserRow, UserRow, UserUpdate } from '../../db/schema';
import { scopedTo, type NgoArea, type NgoScope } from '../../db/scope';
import type { UserListStatus } from '@rescuedesk/shared';
import { nowIso } from '../../lib/time';

export interface UserWithNgo extends UserRow {
  ngo_name: string | null;
}

/** What the user list's search box looks in (and the user export's). */
export const USER_SEARCH_COLUMNS: readonly string[] = ['name', 'email', 'username'];

/**
 * User accounts. Reads of accounts take an NGO area (null: the platform's own Admins). The few
 * lookups across every NGO say so in their names and say why in their comments.
 */
export class UserRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Across every NGO, on purpose: sign-in happens before anyone has a scope, and a login ID
   * (username or email, matched without regard to case) is unique on the whole platform.
   */
  async findByLoginIdAcrossNgos(loginId: string): Promise<UserRow | undefined> {
    const key = loginId.toLowerCase();
    return this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([eb(sql`lower(username)`, '=', key), eb(sql`lower(email)`, '=', key)]))
      .executeTakeFirst();
  }

  /**
   * Users of the scope, each with their NGO's name (an Admin's list spans NGOs): active ones by
   * default; deactivated accounts keep their name on records and can be listed to reactivate them.
   * The search columns are named with their table, since the NGO's table has a name too.
   */
  async list(scope: NgoScope, request: PageRequest & { status: UserListStatus }): Promise<Page<UserWithNgo>> {
    const joined = this.db.selectFrom('users').leftJoin('ngos', 'ngos.id', 'users.ngo_id').selectAll('users').select('ngos.name as ngo_name');
    let query = scopedTo(joined, scope, 'users.ngo_id');
    if (request.status === 'active') query = query.where('users.deactivated_at', 'is', null);
    if (request.status === 'deactivated') query = query.where('users.deactivated_at', 'is not', null);
    return readPage(
      searchedFor(
        query,
        USER_SEARCH_COLUMNS.map((column) => `users.${column}`),
        request.search,
      ),
      request,
      'users.id',
    );
  }

  /** A user with their NGO's name, if the user is in the area. */
  async findInScope(area: NgoArea, id: number): Promise<UserWithNgo | undefined> {
    const query = this.db
      .selectFrom('users')
      .leftJoin('ngos', 'ngos.id', 'users.ngo_id')
      .selectAll('users')
      .select('ngos.name as ngo_name')
      .where('users.id', '=', id);
    return scopedTo(query, area, 'users.ngo_id').executeTakeFirst();
  }

  /** Across every NGO, on purpose: emails and usernames are login IDs, unique on the whole platform (compared without case). */
  async findClashAcrossNgos(field: 'email' | 'username', value: string, exceptId?: number): Promise<UserRow | undefined> {
    let query = this.db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(${sql.ref(field)})`, '=', value.toLowerCase());
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return query.executeTakeFirst();
  }

  /** Across every NGO, on purpose: at start, the server makes sure someone can administer the platform (first-admin.ts). */
  async countActiveAdmins(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 'Admin')
      .where('deactivated_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Across every NGO, on purpose: whether any account uses the login ID as username or email (compared without case). */
  async isLoginIdTaken(loginId: string): Promise<boolean> {
    return (await this.findByLoginIdAcrossNgos(loginId)) !== undefined;
  }

  /** Which of the ids are active accounts of the NGO (a case's catching squad). */
  async activeIdsInNgo(ngoId: number, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const query = this.db.selectFrom('users').select('id').where('id', 'in', [...ids]).where('deactivated_at', 'is', null);
    return new Set((await scopedTo(query, ngoId).execute()).map((r) => r.id));
  }

  /** The NGO's active staff, and any of `alsoIds` (former members still on a squad), by name. */
  async staffOf(ngoId: number, alsoIds: readonly number[]): Promise<Array<{ id: number; name: string; active: boolean }>> {
    const query = this.db
      .selectFrom('users')
      .select(['id', 'name', 'deactivated_at'])
      .where((eb) => (alsoIds.length > 0 ? eb.or([eb('deactivated_at', 'is', null), eb('id', 'in', [...alsoIds])]) : eb('deactivated_at', 'is', null)))
      .orderBy('name')
      .orderBy('id');
    return (await scopedTo(query, ngoId).execute()).map((r) => ({ id: r.id, name: r.name, active: r.deactivated_at === null }));
  }

  async insert(values: Omit<NewUserRow, 'created_at' | 'updated_at'>): Promise<UserRow> {
    const now = nowIso();
    return this.db
      .insertInto('users')
      .values({ ...values, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Matched on the user's current NGO as well as the id, so a write can never land in another NGO. */
  async update(record: Pick<UserRow, 'id' | 'ngo_id'>, patch: Omit<UserUpdate, 'id' | 'updated_at'>): Promise<void> {
    const query = this.db
      .updateTable('users')
      .set({ ...patch, updated_at: nowIso() })
      .where('id', '=', record.id);
    await scopedTo(query, record.ngo_id, 'ngo_id').execute();
  }
}
