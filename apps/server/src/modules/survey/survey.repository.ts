import { type Kysely, sql } from 'kysely';
import { readPage, searchedFor, type Page, type PageRequest } from '../../db/listing';
import type { DB, SurveyRow, SurveySightingRow, WardRow } from '../../db/schema';
import { scopedTo, type NgoScope } from '../../db/scope';
import { nowIso } from '../../lib/time';

export type SurveyWithCounts = SurveyRow & { surveyor_name: string; counted: number; notched: number; vaccinated: number };

/** What a survey needs to count the sterilised dogs of its ward: the ward's name and pincode, and the day. */
export interface MarkedQuery {
  ngoId: number;
  wardName: string;
  pincode: string | null;
  onDate: string;
}

/**
 * Wards, surveys and sightings (docs/coverage.md). Wards and surveys carry their NGO; sightings are
 * reached only through a survey already read in scope.
 */
export class SurveyRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async listWards(scope: NgoScope, request: PageRequest): Promise<Page<WardRow>> {
    const query = scopedTo(this.db.selectFrom('wards').selectAll(), scope);
    return readPage(searchedFor(query, ['name', 'pincode'], request.search), request);
  }

  async findWard(scope: NgoScope, id: number): Promise<WardRow | undefined> {
    return scopedTo(this.db.selectFrom('wards').selectAll().where('id', '=', id), scope).executeTakeFirst();
  }

  /** Another ward of the NGO with this name, compared without regard to case (the unique index of migration 027). */
  async wardNamed(ngoId: number, name: string, exceptId?: number): Promise<WardRow | undefined> {
    let query = scopedTo(this.db.selectFrom('wards').selectAll().where(sql<boolean>`lower(name) = lower(${name})`), ngoId);
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return query.executeTakeFirst();
  }

  async insertWard(values: { ngo_id: number; name: string; pincode: string | null; created_by: number }): Promise<WardRow> {
    const now = nowIso();
    return this.db.insertInto('wards').values({ ...values, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
  }

  async updateWard(record: Pick<WardRow, 'id' | 'ngo_id'>, patch: { name?: string; pincode?: string | null }): Promise<void> {
    await scopedTo(this.db.updateTable('wards').set({ ...patch, updated_at: nowIso() }).where('id', '=', record.id), record.ngo_id).execute();
  }

  async findSurvey(scope: NgoScope, uid: string): Promise<SurveyRow | undefined> {
    return scopedTo(this.db.selectFrom('surveys').selectAll().where('uid', '=', uid), scope).executeTakeFirst();
  }

  async insertSurvey(values: { ngo_id: number; ward_id: number; uid: string; survey_date: string; route_note: string | null; surveyor_id: number }): Promise<SurveyRow> {
    const now = nowIso();
    return this.db.insertInto('surveys').values({ ...values, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
  }

  /** A survey's surveys with their counts and surveyor's name, oldest first. */
  async surveysWithCounts(scope: NgoScope, where: { wardId?: number; uid?: string; from?: string; before?: string }): Promise<SurveyWithCounts[]> {
    let query = scopedTo(this.db.selectFrom('surveys'), scope, 'surveys.ngo_id')
      .innerJoin('users', 'users.id', 'surveys.surveyor_id')
      .leftJoin('survey_sightings', 'survey_sightings.survey_id', 'surveys.id')
      .selectAll('surveys')
      .select((eb) => [
        'users.name as surveyor_name',
        eb.fn.count<number>('survey_sightings.id').as('counted'),
        sql<number>`coalesce(sum(survey_sightings.notched), 0)`.as('notched'),
        sql<number>`coalesce(sum(survey_sightings.vaccinated), 0)`.as('vaccinated'),
      ])
      .groupBy(['surveys.id', 'users.name']);
    if (where.wardId !== undefined) query = query.where('surveys.ward_id', '=', where.wardId);
    if (where.uid !== undefined) query = query.where('surveys.uid', '=', where.uid);
    if (where.from !== undefined) query = query.where('surveys.survey_date', '>=', where.from);
    if (where.before !== undefined) query = query.where('surveys.survey_date', '<', where.before);
    const rows = await query.orderBy('surveys.survey_date').orderBy('surveys.id').execute();
    return rows.map((r) => ({ ...r, counted: Number(r.counted), notched: Number(r.notched), vaccinated: Number(r.vaccinated) }));
  }

  async sightings(surveyId: number): Promise<SurveySightingRow[]> {
    return this.db.selectFrom('survey_sightings').selectAll().where('survey_id', '=', surveyId).orderBy('seen_at').orderBy('id').execute();
  }

  async findSighting(surveyId: number, uid: string): Promise<SurveySightingRow | undefined> {
    return this.db.selectFrom('survey_sightings').selectAll().where('survey_id', '=', surveyId).where('uid', '=', uid).executeTakeFirst();
  }

  async insertSighting(values: Omit<SurveySightingRow, 'id' | 'created_at'>): Promise<void> {
    await this.db.insertInto('survey_sightings').values({ ...values, created_at: nowIso() }).execute();
  }

  async deleteSighting(surveyId: number, uid: string): Promise<void> {
    await this.db.deleteFrom('survey_sightings').where('survey_id', '=', surveyId).where('uid', '=', uid).execute();
  }

  /**
   * M of the estimate: the NGO's dogs sterilised and released in the ward on or before the day and
   * not known dead by then (docs/coverage.md#which-cases-count). A case is in the ward when its
   * ward/zone is the ward's name (ignoring case and spaces around it) or its pincode is the ward's.
   */
  async markedInWard(q: MarkedQuery): Promise<number> {
    const row = await scopedTo(this.db.selectFrom('cases'), q.ngoId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deleted_at', 'is', null)
      // Dogs, or cases whose species was never recorded (a sterilisation case saved without its animal step).
      .where((eb) => eb.or([eb('animal_species', 'is', null), eb('animal_species', '=', 'Dog')]))
      .where('operation_date', 'is not', null)
      .where((eb) => eb.or([eb('surgery_cancelled', 'is', null), eb('surgery_cancelled', '<>', 'Yes')]))
      .where((eb) => eb.or([eb('ear_notch', 'is', null), eb('ear_notch', '<>', 'Not done')]))
      .where('release_date', 'is not', null)
      .where('release_date', '<=', q.onDate)
      .where((eb) => eb.or([eb('death_date', 'is', null), eb('death_date', '>', q.onDate)]))
      .where((eb) =>
        eb.or([
          eb(sql`lower(trim(ward_zone))`, '=', q.wardName.trim().toLowerCase()),
          ...(q.pincode === null ? [] : [eb('pincode', '=', q.pincode)]),
        ]),
      )
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
