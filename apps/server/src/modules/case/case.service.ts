import {
  CASE_STATUSES,
  MESSAGES,
  REQUIRED_REPORTING_FIELDS,
  perStep,
  stepAction,
  type Case,
  type CaseList,
  type CaseListInput,
  type CaseListItem,
  type CaseStep,
  type CaseType,
  type CreateCaseInput,
  type Mortality,
  type CaseStatus,
  type StatusCounts,
  type UpdateCaseInput,
  tr,
} from '@rescuedesk/shared';
import { searchWords } from '../../lib/search-words';
import { isUniqueViolation, type NgoScope } from '../../db/listing';
import type { UnitOfWork } from '../../db/unit-of-work';
import { NotFoundError, ValidationError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { changedFields, definedOnly } from '../../lib/changes';
import { creationNgo, listScope, recordScope } from '../../lib/tenancy';
import { nowIso } from '../../lib/time';
import { VersionedCache } from '../../lib/versioned-cache';
import type { AuditRepository } from '../audit/audit.repository';
import { assertImagesBelong } from '../image/image-references';
import type { ImageRepository } from '../image/image.repository';
import type { NgoRepository } from '../ngo/ngo.repository';
import type { VetRepository } from '../vet/vet.repository';
import { modifiedByColumn, readStep, stepImages, writeStep } from './case.columns';
import type { CaseListRow, CaseRepository, CaseWithCreator } from './case.repository';

/** Dashboard answers kept in memory (about 25 kB each). */
const LIST_CACHE_ENTRIES = 1000;

type Repos = { cases: CaseRepository; vets: VetRepository; ngos: NgoRepository; images: ImageRepository; audit: AuditRepository };

/**
 * The case workflow: create from the dashboard, list with server-side counts, the five steps of
 * the case page, status changes, soft delete and restore. Every call is confined to the actor's NGO.
 */
export class CaseService {
  private readonly listCache = new VersionedCache<CaseList>(LIST_CACHE_ENTRIES);

  constructor(private readonly uow: UnitOfWork<Repos>) {}

  /** Creates a case; with an idempotency key, a repeat of the same request answers the first case. */
  async create(actor: Actor, input: CreateCaseInput): Promise<{ id: number; ngoId: number }> {
    const ngoId = await this.ngoForNewCase(actor, input);
    const key = input.idempotencyKey;
    const earlier = key ? await this.uow.repos.cases.findByClientKey(ngoId, actor.id, key) : undefined;
    if (earlier) return { id: earlier.id, ngoId };
    try {
      return await this.uow.transaction(async ({ cases, audit }) => {
        const row = await cases.insert({ ngo_id: ngoId, type: input.type, status: input.status, mortality: input.mortality, created_by: actor.id, client_key: key ?? null });
        await audit.append(actor, { entity: 'case', entityId: row.id, action: 'create', ngoId, fields: ['type', 'status', 'mortality'] });
        return { id: row.id, ngoId };
      });
    } catch (err) {
      // Two copies of the same request raced: the other one won, so answer its case.
      const winner = key && isUniqueViolation(err) ? await this.uow.repos.cases.findByClientKey(ngoId, actor.id, key) : undefined;
      if (winner) return { id: winner.id, ngoId };
      throw err;
    }
  }

  /**
   * A page of the dashboard with the status counts of the whole filtered set. Answers are kept
   * until the scope's list version changes, so a busy NGO's phones share one computation.
   */
  async list(actor: Actor, input: CaseListInput): Promise<CaseList> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const search = input.search?.trim() ? `q:${searchWords(input.search).join(' ')}` : '';
    const key = JSON.stringify([scope, input.type, input.status ?? null, search, input.page, input.pageSize]);
    const version = await this.uow.repos.cases.listVersion(scope);
    return this.listCache.get(key, version, () => this.computeList(scope, input));
  }

  private async computeList(scope: NgoScope, input: CaseListInput): Promise<CaseList> {
    const filter = { scope, type: input.type === 'All' ? undefined : input.type, status: input.status, search: input.search };
    const { cases } = this.uow.repos;
    const byStatus = await cases.countByStatus(filter);
    const counts = Object.fromEntries(CASE_STATUSES.map((s) => [s, byStatus.get(s) ?? 0])) as Omit<StatusCounts, 'total'>;
    const sum = CASE_STATUSES.reduce((acc, s) => acc + counts[s], 0);
    const total = input.status ? counts[input.status] : sum;
    const rows = await cases.list(filter, input.page, input.pageSize, total);
    return { data: rows.map(toListItem), meta: { total, page: input.page, pageSize: input.pageSize, counts: { total: sum, ...counts } } };
  }

  async get(actor: Actor, id: number): Promise<Case> {
    return toCase(await this.find(actor, id));
  }

  async update(actor: Actor, input: UpdateCaseInput): Promise<Case> {
    const row = await this.find(actor, input.caseId);
    const { caseId: _caseId, ...fields } = input;
    const changed = changedFields(toCase(row), fields);
    if (changed.length > 0) {
      await this.uow.transaction(async ({ cases, audit }) => {
        await cases.update(row, {
          ...(fields.type !== undefined ? { type: fields.type } : {}),
          ...(fields.status !== undefined ? { status: fields.status } : {}),
          ...(fields.mortality !== undefined ? { mortality: fields.mortality } : {}),
          ...(fields.causeOfFailure !== undefined ? { cause_of_failure: fields.causeOfFailure } : {}),
        });
        await audit.append(actor, { entity: 'case', entityId: row.id, action: 'update', ngoId: row.ngo_id, fields: changed });
      });
    }
    return this.get(actor, row.id);
  }

  /** Saves one step of the case page. A failed check leaves the case exactly as it was. */
  async updateStep(actor: Actor, step: CaseStep, input: { caseId: number } & Record<string, unknown>): Promise<Case> {
    const row = await this.find(actor, input.caseId);
    const current = readStep(step, row);
    if (step === 'reportingDetail') {
      const merged = { ...current, ...definedOnly(input) };
      if (REQUIRED_REPORTING_FIELDS.some((field) => merged[field] === null || merged[field] === undefined)) {
        throw new ValidationError(MESSAGES.requiredDetails);
      }
    }
    await assertImagesBelong(this.uow.repos.images, row.ngo_id, stepImages(step, input));
    const changed = changedFields(current, { ...input, caseId: undefined });
    await this.uow.transaction(async ({ cases, audit }) => {
      await cases.update(row, { ...writeStep(step, input), [modifiedByColumn(step)]: actor.role });
      await audit.append(actor, { entity: 'case', entityId: row.id, action: stepAction(step), ngoId: row.ngo_id, fields: changed });
    });
    return this.get(actor, row.id);
  }

  /** Soft delete: the case leaves every list and count but keeps its data and images. */
  async remove(actor: Actor, caseId: number): Promise<void> {
    const row = await this.find(actor, caseId);
    await this.uow.transaction(async ({ cases, audit }) => {
      await cases.update(row, { deleted_at: nowIso(), deleted_by: actor.id });
      await audit.append(actor, { entity: 'case', entityId: row.id, action: 'delete', ngoId: row.ngo_id });
    });
  }

  async restore(actor: Actor, caseId: number): Promise<Case> {
    const row = await this.uow.repos.cases.findInScope(recordScope(actor), caseId, { deleted: true });
    if (!row) throw new NotFoundError(tr('error.caseNotFound'));
    await this.uow.transaction(async ({ cases, audit }) => {
      await cases.update(row, { deleted_at: null, deleted_by: null });
      await audit.append(actor, { entity: 'case', entityId: row.id, action: 'restore', ngoId: row.ngo_id });
    });
    return this.get(actor, row.id);
  }

  /** The vets of the case's NGO, for the operation step's vet name. */
  async vetNames(actor: Actor, caseId: number): Promise<string[]> {
    const row = await this.find(actor, caseId);
    return this.uow.repos.vets.names(row.ngo_id);
  }

  private async find(actor: Actor, id: number): Promise<CaseWithCreator> {
    const row = await this.uow.repos.cases.findInScope(recordScope(actor), id);
    if (!row) throw new NotFoundError(tr('error.caseNotFound'));
    return row;
  }

  /** An Admin names the NGO, unless there is only one to choose from. */
  private async ngoForNewCase(actor: Actor, input: CreateCaseInput): Promise<number> {
    const named = (input.ngoId !== undefined && input.ngoId !== null) || Boolean(input.ngoName);
    if (actor.role === 'Admin' && !named) {
      const only = await this.uow.repos.ngos.list('all', { page: 1, pageSize: 2 });
      if (only.total === 1 && only.rows[0]) return only.rows[0].id;
    }
    return creationNgo(actor, input, this.uow.repos.ngos);
  }
}

/** The fields a case shows in the list and on its page alike. */
function coreOf(row: CaseListRow) {
  return {
    id: row.id,
    ngoId: row.ngo_id,
    type: row.type as CaseType,
    status: row.status as CaseStatus,
    mortality: row.mortality as Mortality,
    causeOfFailure: row.cause_of_failure,
    createdBy: row.created_by_name,
    createdAt: row.created_at,
  };
}

function toListItem(row: CaseListRow): CaseListItem {
  const reportingDetail = { reporterName: row.reporter_name, location: row.location, landmark: row.landmark, pincode: row.pincode };
  return { ...coreOf(row), ...reportingDetail, uniqueID: row.unique_id, reportingDetail };
}

function toCase(row: CaseWithCreator): Case {
  return {
    ...coreOf(row),
    updatedAt: row.updated_at,
    ...perStep((step) => readStep(step, row)),
  } as Case;
}
