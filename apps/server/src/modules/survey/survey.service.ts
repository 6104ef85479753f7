import { tr } from '@rescuedesk/shared';
import type { AddSightingInput, CoverageEstimate, CreateWardInput, ListInput, PageMeta, RemoveSightingInput, StartSurveyInput, Survey, SurveyDetail, UpdateWardInput, Ward, WardCoverage } from '@rescuedesk/shared';
import type { SurveyRow, SurveySightingRow, WardRow } from '../../db/schema';
import type { UnitOfWork } from '../../db/unit-of-work';
import { ConflictError, NotFoundError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { changedFields, providedFields } from '../../lib/changes';
import { creationNgo, listScope, recordScope } from '../../lib/tenancy';
import type { AuditRepository } from '../audit/audit.repository';
import { assertImagesBelong } from '../image/image-references';
import type { ImageRepository } from '../image/image.repository';
import type { NgoRepository } from '../ngo/ngo.repository';
import { coverageEstimate } from './chapman';
import type { SurveyRepository, SurveyWithCounts } from './survey.repository';

type Repos = { surveys: SurveyRepository; ngos: NgoRepository; images: ImageRepository; audit: AuditRepository };

/**
 * Wards and coverage surveys (docs/coverage.md). Surveys and sightings are named by the ids the
 * phone gave them, so a walk recorded offline and sent again is one survey with each dog once:
 * starting a survey that exists answers it, adding a dog seen already answers the survey unchanged,
 * and taking back a dog already gone does nothing.
 */
export class SurveyService {
  constructor(private readonly uow: UnitOfWork<Repos>) {}

  async listWards(actor: Actor, input: ListInput): Promise<{ data: Ward[]; meta: PageMeta }> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const page = await this.uow.repos.surveys.listWards(scope, input);
    return { data: page.rows.map(toWard), meta: { total: page.total, page: input.page, pageSize: input.pageSize } };
  }

  async getWard(actor: Actor, id: number): Promise<Ward> {
    return toWard(await this.findWard(actor, id));
  }

  async createWard(actor: Actor, input: CreateWardInput): Promise<Ward> {
    const ngoId = await creationNgo(actor, input, this.uow.repos.ngos);
    await this.assertNameFree(ngoId, input.name);
    const row = await this.uow.transaction(async ({ surveys, audit }) => {
      const created = await surveys.insertWard({ ngo_id: ngoId, name: input.name, pincode: input.pincode ?? null, created_by: actor.id });
      await audit.append(actor, { entity: 'ward', entityId: created.id, action: 'create', ngoId, fields: providedFields({ name: input.name, pincode: input.pincode }) });
      return created;
    });
    return toWard(row);
  }

  async updateWard(actor: Actor, input: UpdateWardInput): Promise<Ward> {
    const row = await this.findWard(actor, input.id);
    const { id: _id, ...fields } = input;
    const current = toWard(row);
    const changed = changedFields(current, fields);
    if (changed.length === 0) return current;
    if (fields.name !== undefined) await this.assertNameFree(row.ngo_id, fields.name, row.id);
    await this.uow.transaction(async ({ surveys, audit }) => {
      await surveys.updateWard(row, { name: fields.name, pincode: fields.pincode === undefined ? undefined : (fields.pincode ?? null) });
      await audit.append(actor, { entity: 'ward', entityId: row.id, action: 'update', ngoId: row.ngo_id, fields: changed });
    });
    return this.getWard(actor, row.id);
  }

  /** A ward with each of its surveys and the estimate each gives, oldest first. */
  async wardCoverage(actor: Actor, id: number): Promise<WardCoverage> {
    const ward = await this.findWard(actor, id);
    const rows = await this.uow.repos.surveys.surveysWithCounts(ward.ngo_id, { wardId: ward.id });
    return { ward: toWard(ward), surveys: await estimatesOf(this.uow.repos.surveys, ward, rows) };
  }

  async getSurvey(actor: Actor, uid: string): Promise<SurveyDetail> {
    const survey = await this.findSurvey(actor, uid);
    const [counts] = await this.uow.repos.surveys.surveysWithCounts(survey.ngo_id, { uid: survey.uid });
    const sightings = await this.uow.repos.surveys.sightings(survey.id);
    return { ...toSurvey(counts!), sightings: sightings.map(toSighting) };
  }

  /** Starts a survey in a ward of the actor's NGO; the same survey started again is answered as it is. */
  async startSurvey(actor: Actor, input: StartSurveyInput): Promise<SurveyDetail> {
    const ward = await this.findWard(actor, input.wardId);
    const existing = await this.uow.repos.surveys.findSurvey(ward.ngo_id, input.uid);
    if (existing && existing.ward_id !== ward.id) throw new ConflictError(tr('surveys.error.surveyOtherWard'));
    if (!existing) {
      await this.uow.transaction(({ surveys }) =>
        surveys.insertSurvey({ ngo_id: ward.ngo_id, ward_id: ward.id, uid: input.uid, survey_date: input.surveyDate, route_note: input.routeNote ?? null, surveyor_id: actor.id }),
      );
    }
    return this.getSurvey(actor, input.uid);
  }

  /** One dog seen. A dog already recorded (the same uid sent again) is not counted twice. */
  async addSighting(actor: Actor, input: AddSightingInput): Promise<SurveyDetail> {
    const survey = await this.findSurvey(actor, input.surveyUid);
    await assertImagesBelong(this.uow.repos.images, survey.ngo_id, { 'surveys.record.photo': input.photo });
    await this.uow.transaction(async ({ surveys }) => {
      if (await surveys.findSighting(survey.id, input.uid)) return;
      await surveys.insertSighting({
        survey_id: survey.id,
        uid: input.uid,
        notched: input.notched ? 1 : 0,
        vaccinated: input.vaccinated ? 1 : 0,
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        accuracy_m: input.accuracyM ?? null,
        photo: input.photo ?? null,
        seen_at: new Date(input.seenAt).toISOString(),
        created_by: actor.id,
      });
    });
    return this.getSurvey(actor, survey.uid);
  }

  /** Takes back a dog recorded by mistake (the recorder's "undo last"). */
  async removeSighting(actor: Actor, input: RemoveSightingInput): Promise<SurveyDetail> {
    const survey = await this.findSurvey(actor, input.surveyUid);
    await this.uow.transaction(({ surveys }) => surveys.deleteSighting(survey.id, input.uid));
    return this.getSurvey(actor, survey.uid);
  }

  private async assertNameFree(ngoId: number, name: string, exceptId?: number): Promise<void> {
    if (await this.uow.repos.surveys.wardNamed(ngoId, name, exceptId)) throw new ConflictError(tr('surveys.error.wardNameTaken', { name }));
  }

  private async findWard(actor: Actor, id: number): Promise<WardRow> {
    const row = await this.uow.repos.surveys.findWard(recordScope(actor), id);
    if (!row) throw new NotFoundError(tr('surveys.error.wardNotFound'));
    return row;
  }

  private async findSurvey(actor: Actor, uid: string): Promise<SurveyRow> {
    const row = await this.uow.repos.surveys.findSurvey(recordScope(actor), uid);
    if (!row) throw new NotFoundError(tr('surveys.error.surveyNotFound'));
    return row;
  }
}

function toWard(row: WardRow): Ward {
  return { id: row.id, ngoId: row.ngo_id, name: row.name, pincode: row.pincode };
}

function toSurvey(row: SurveyWithCounts): Survey {
  return {
    id: row.id,
    uid: row.uid,
    ngoId: row.ngo_id,
    wardId: row.ward_id,
    surveyDate: row.survey_date,
    routeNote: row.route_note,
    surveyorName: row.surveyor_name,
    counted: row.counted,
    notched: row.notched,
    vaccinated: row.vaccinated,
  };
}

function toSighting(row: SurveySightingRow) {
  return {
    uid: row.uid,
    notched: row.notched === 1,
    vaccinated: row.vaccinated === 1,
    latitude: row.latitude,
    longitude: row.longitude,
    accuracyM: row.accuracy_m,
    photo: row.photo,
    seenAt: row.seen_at,
  };
}

/**
 * Each survey of a ward with the estimate it gives: its counts, and the dogs the NGO's own cases show
 * sterilised and released in the ward by the survey's date (docs/coverage.md). Also the monthly
 * report's (modules/report).
 */
export async function estimatesOf(surveys: SurveyRepository, ward: WardRow, rows: readonly SurveyWithCounts[]): Promise<Array<Survey & { estimate: CoverageEstimate }>> {
  const shown = [];
  for (const row of rows) {
    const marked = await surveys.markedInWard({ ngoId: ward.ngo_id, wardName: ward.name, pincode: ward.pincode, onDate: row.survey_date });
    shown.push({ ...toSurvey(row), estimate: coverageEstimate({ marked, counted: row.counted, resighted: row.notched, vaccinated: row.vaccinated }) });
  }
  return shown;
}
