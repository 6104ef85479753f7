import type { Insertable, Kysely } from 'kysely';
import type { DataRequestTable, DB } from '../../db/schema';
import { scopedTo } from '../../db/scope';
import { nowIso } from '../../lib/time';

/** Ids per statement, well under SQLite's limit of bound values. */
const ID_CHUNK = 500;

/** Runs an update for the ids, at most ID_CHUNK at a time; answers the ids of the rows it changed. */
export async function idsInChunks(ids: readonly number[], update: (part: number[]) => Promise<Array<{ id: number }>>): Promise<number[]> {
  const done: number[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) done.push(...(await update(ids.slice(i, i + ID_CHUNK))).map((r) => r.id));
  return done;
}

/**
 * The register of data requests and the records held about a person (docs/privacy.md#requests).
 * Every query names the NGO. The person is matched in the service (phone numbers are compared by
 * their digits), so these reads answer the NGO's records that still hold reporter data.
 */
export class DataRequestRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(values: Omit<Insertable<DataRequestTable>, 'created_at' | 'updated_at'>) {
    const now = nowIso();
    return this.db.insertInto('data_requests').values({ ...values, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
  }

  async find(ngoScope: number | 'all', id: number) {
    return scopedTo(this.db.selectFrom('data_requests').selectAll().where('id', '=', id), ngoScope).executeTakeFirst();
  }

  async list(ngoScope: number | 'all') {
    return scopedTo(this.db.selectFrom('data_requests').selectAll(), ngoScope).orderBy('received_on', 'desc').orderBy('id', 'desc').limit(500).execute();
  }

  /** Marks the request done, once: answers false when it was done already (another tap, another instance). */
  async markDone(ngoId: number, id: number, done: { done_on: string; handled_by: number; handled_by_name: string; reason?: string; outcome?: string }): Promise<boolean> {
    const result = await scopedTo(this.db.updateTable('data_requests').set({ ...done, updated_at: nowIso() }).where('id', '=', id).where('done_on', 'is', null), ngoId).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async casesHoldingReporters(ngoId: number) {
    return this.db
      .selectFrom('cases')
      .select(['id', 'reporter_name', 'reporter_contact', 'reporter_alt_contact', 'reporter_email', 'status', 'reported_date', 'release_date', 'death_date', 'deleted_at'])
      .where('ngo_id', '=', ngoId)
      .where('reporter_anonymised_at', 'is', null)
      .where((eb) => eb.or([eb('reporter_name', 'is not', null), eb('reporter_contact', 'is not', null), eb('reporter_alt_contact', 'is not', null), eb('reporter_email', 'is not', null)]))
      .orderBy('id')
      .execute();
  }

  async reporters(ngoId: number) {
    return scopedTo(this.db.selectFrom('reporters').select(['id', 'name', 'contact', 'alternate_contact', 'email', 'created_at']).where('anonymised_at', 'is', null), ngoId).orderBy('id').execute();
  }

  async citizenReports(ngoId: number) {
    return scopedTo(this.db.selectFrom('citizen_reports').select(['id', 'code', 'reporter_name', 'reporter_phone', 'status', 'created_at']).where('reporter_anonymised_at', 'is', null), ngoId).orderBy('id').execute();
  }

  /** Empties the cases' reporter data; answers the ids emptied (the others were emptied already). */
  async eraseCases(ngoId: number, ids: readonly number[], at: string): Promise<number[]> {
    return idsInChunks(ids, (part) =>
      scopedTo(
        this.db
          .updateTable('cases')
          .set({ reporter_name: null, reporter_name_keys: null, reporter_contact: null, reporter_alt_contact: null, reporter_email: null, reporter_anonymised_at: at, updated_at: at })
          .where('id', 'in', part)
          .where('reporter_anonymised_at', 'is', null),
        ngoId,
      )
        .returning('id')
        .execute(),
    );
  }

  async eraseReporters(ngoId: number, ids: readonly number[], at: string): Promise<number[]> {
    const set = { name: '', contact: '', alternate_contact: null, email: null, anonymised_at: at, updated_at: at };
    return idsInChunks(ids, (part) => scopedTo(this.db.updateTable('reporters').set(set).where('id', 'in', part).where('anonymised_at', 'is', null), ngoId).returning('id').execute());
  }

  /** Empties the reports' reporter data; answers the ids emptied (a report not decided yet is kept). */
  async eraseCitizenReports(ngoId: number, ids: readonly number[], at: string): Promise<number[]> {
    const set = { reporter_name: '', reporter_phone: '', notice_phone: null, reporter_anonymised_at: at, updated_at: at };
    return idsInChunks(ids, (part) =>
      scopedTo(this.db.updateTable('citizen_reports').set(set).where('id', 'in', part).where('reporter_anonymised_at', 'is', null).where('status', '!=', 'new'), ngoId)
        .returning('id')
        .execute(),
    );
  }
}
