import type { Insertable, Kysely } from 'kysely';
import type { BreachTable, DB } from '../../db/schema';
import { scopedTo, type NgoScope } from '../../db/scope';
import { nowIso } from '../../lib/time';

/** The breach register (docs/privacy.md#breaches); every query names the NGO. */
export class BreachRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(values: Omit<Insertable<BreachTable>, 'created_at' | 'updated_at'>) {
    const now = nowIso();
    return this.db.insertInto('breaches').values({ ...values, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
  }

  async find(scope: NgoScope, id: number) {
    return scopedTo(this.db.selectFrom('breaches').selectAll().where('id', '=', id), scope).executeTakeFirst();
  }

  async list(scope: NgoScope) {
    return scopedTo(this.db.selectFrom('breaches').selectAll(), scope).orderBy('discovered_at', 'desc').limit(200).execute();
  }

  /** Records when the Board was told, once. */
  async markReported(ngoId: number, id: number, at: string): Promise<boolean> {
    const result = await scopedTo(this.db.updateTable('breaches').set({ reported_at: at, updated_at: at }).where('id', '=', id).where('reported_at', 'is', null), ngoId).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async ngoName(ngoId: number): Promise<string> {
    return (await this.db.selectFrom('ngos').select('name').where('id', '=', ngoId).executeTakeFirst())?.name ?? '';
  }
}
