import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { nowIso } from '../lib/time';
import { searchPage, type NgoScope, type Page, type PageRequest } from './listing';
import type { DB } from './schema';

/** Directory tables that belong to one NGO each and share the same shape of access. */
export type TenantTable = 'reporters' | 'vets' | 'sponsors';

type Managed = 'id' | 'ngo_id' | 'created_at' | 'updated_at';

export type TenantRow<T extends TenantTable> = Selectable<DB[T]>;
export type TenantInsert<T extends TenantTable> = Omit<Insertable<DB[T]>, 'created_at' | 'updated_at'>;
export type TenantPatch<T extends TenantTable> = Omit<Updateable<DB[T]>, Managed>;

/**
 * Reads and writes of one NGO-owned table. Every read takes the scope, and every update is
 * matched on the record's NGO as well as its id, so a write can never land in another NGO.
 */
export class TenantRecords<T extends TenantTable> {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly table: T,
    private readonly searchColumns: readonly string[],
  ) {}

  list(scope: NgoScope, request: PageRequest): Promise<Page<Selectable<DB[T]>>> {
    return searchPage(this.db, this.table, { scope, columns: this.searchColumns, request });
  }

  async findInScope(scope: NgoScope, id: number): Promise<Selectable<DB[T]> | undefined> {
    let query = this.any().selectFrom(this.name).selectAll().where('id', '=', id);
    if (scope !== 'all') query = query.where('ngo_id', '=', scope);
    return (await query.executeTakeFirst()) as Selectable<DB[T]> | undefined;
  }

  async insert(values: TenantInsert<T>): Promise<Selectable<DB[T]>> {
    const now = nowIso();
    const row = await this.any()
      .insertInto(this.name)
      .values({ ...values, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row as Selectable<DB[T]>;
  }

  async update(record: { id: number; ngo_id: number }, patch: Partial<TenantPatch<T>>): Promise<void> {
    await this.any()
      .updateTable(this.name)
      .set({ ...(patch as object), updated_at: nowIso() })
      .where('id', '=', record.id)
      .where('ngo_id', '=', record.ngo_id)
      .execute();
  }

  private get name(): string {
    return this.table;
  }

  // The table name is fixed per subclass; Kysely's types cannot follow a generic table name.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private any(): Kysely<any> {
    return this.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
}
