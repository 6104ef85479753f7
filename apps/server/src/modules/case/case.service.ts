import {
  CASE_STATUSES,
  IDENTITY_VIEW_ACTION,
  MAX_REPORTER_CHOICES,
  MAX_WARD_SUGGESTIONS,
  CASE_PERSONAL_FIELDS,
  MESSAGES,
  PRIVACY_NOTICE_VERSION,
  maskCaseField,
  type CasePersonalField,
  POST_OP_DAYS_KEY,
  REQUIRED_REPORTING_FIELDS,
  stepAction,
  type AddPostOpDayInput,
  type Case,
  type CaseList,
  type CaseListInput,
  type CaseStaffMember,
  type CaseStep,
  type CaseTimeline,
  type CaseTimelineInput,
  type CreateCaseInput,
  type DeletedCaseList,
  type DeletedCasesInput,
  type DirectoryChoices,
  type DirectoryChoicesInput,
  type FieldChange,
  type StatusCounts,
  type UpdateCaseInput,
  type UpdatePostOpDayInput,
  type WardSuggestionsInput,
  caseRuleProblem,
  touchesReporterFields,
  tr,
  STOCK_USE_STEPS,
  wallClockAt,
  type CaseStockUseLine,
  type StockUseStep,
} from '@rescuedesk/shared';
import { searchWords } from '../../lib/search-words';
import { isUniqueViolation, type NgoScope } from '../../db/listing';
import type { CaseRow, PostOpDayRow } from '../../db/schema';
import type { UnitOfWork } from '../../db/unit-of-work';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { definedOnly, fieldChanges } from '../../lib/changes';
import { serializeList } from '../../lib/json-list';
import type { EventClock } from '../../lib/event-clock';
import { creationNgo, listScope, recordScope } from '../../lib/tenancy';
import { nowIso } from '../../lib/time';
import { VersionedCache } from '../../lib/versioned-cache';
import { auditRow, emptiedOf, type AuditRepository } from '../audit/audit.repository';
import { CASE_IDENTITY_COLUMNS, assertImagesBelong } from '../image/image-references';
import type { ImageRepository } from '../image/image.repository';
import type { NgoRepository } from '../ngo/ngo.repository';
import type { ReporterRepository } from '../reporter/reporter.repository';
import type { RunRepository } from '../run/run.repository';
import { reporterShownTo } from '../reporter/reporter.service';
import type { UserRepository } from '../user/user.repository';
import type { VetRepository } from '../vet/vet.repository';
import type { NoticeQueue } from '../notice/notice-queue';
import { applyStepStockUses, vaccineFromStock } from '../stock/case-stock-use';
import type { StockRepository } from '../stock/stock.repository';
import { assertCollarTagFree, checkStepSave, collarTagOf } from './abc-checks';
import { caseShownTo, seesReporterOfCase, timelineShownTo } from './case-privacy';
import { findCase, findCaseWithPostOpDays, flatState, toCase, toDeletedCase, toListItem, toPostOpDay } from './case-view';
import { modifiedByColumn, readStep, stepImages, writeStep } from './case.columns';
import type { CaseRepository, CaseWithCreator, CaseWithPostOpDays } from './case.repository';
import type { PostOpDayRepository } from './post-op-day.repository';

/** Dashboard answers kept in memory (about 25 kB each). */
const LIST_CACHE_ENTRIES = 1000;
const TIMELINE_CACHE_ENTRIES = 1000;

/** The repositories of the case workflow, also those a run's transaction carries (modules/run). */
export type CaseRepos = {
  cases: CaseRepository;
  postOpDays: PostOpDayRepository;
  users: UserRepository;
  vets: VetRepository;
  reporters: ReporterRepository;
  ngos: NgoRepository;
  images: ImageRepository;
  audit: AuditRepository;
  runs: RunRepository;
  /** Notices to citizen reporters, queued in the transaction that reaches their milestone (modules/notice). */
  notices: NoticeQueue;
  stock: StockRepository;
};
type Repos = CaseRepos;

/** The case a write is about and its collar/tag number, filled in as the write reads it (collarRace). */
type CollarRef = { ngoId?: number; caseId: number; tag?: string };

/** Roles that may change or delete anyone's post-operative log entry (others: their own). */
const POST_OP_DAY_EDITORS: readonly string[] = ['Admin', 'Founder', 'Manager'];
/** Roles that see who viewed a case's identity documents. */
const IDENTITY_VIEW_READERS: readonly string[] = ['Admin', 'Founder'];

/**
 * The case workflow: create from the dashboard, list with server-side counts, the five steps of
 * the case page with the ABC programme's rules, the daily post-operative log, status changes, soft
 * delete and restore, and the case timeline. Every call is confined to the actor's NGO; every write
 * re-reads the case inside its transaction and checks the rules there.
 */
export class CaseService {
  private readonly listCache = new VersionedCache<CaseList>(LIST_CACHE_ENTRIES);
  /**
   * Timeline pages, kept until the case's newest audit entry changes (about 5-10 kB each). Names
   * come from the entries themselves; only entries written before names were kept (migration 009)
   * read the account's present name, which a later rename does not refresh here.
   */
  private readonly timelineCache = new VersionedCache<CaseTimeline>(TIMELINE_CACHE_ENTRIES);

  constructor(
    private readonly uow: UnitOfWork<Repos>,
    /** "Now" for the rules of a case's dates (none in the future). */
    private readonly clock: EventClock,
    /** Today on the NGOs' calendar: the day of stock used with a step (docs/stock.md#stock-used-on-a-case). */
    private readonly today: () => string = () => (clock.context().latest ?? wallClockAt(Date.now())).date,
  ) {}

  /** Creates a case; with an idempotency key, a repeat of the same request answers the first case. */
  async create(actor: Actor, input: CreateCaseInput): Promise<{ id: number; ngoId: number }> {
    const ngoId = await this.ngoForNewCase(actor, input);
    const key = input.idempotencyKey;
    const earlier = key ? await this.uow.repos.cases.findByClientKey(ngoId, actor.id, key) : undefined;
    if (earlier) return { id: earlier.id, ngoId };
    try {
      return await this.uow.transaction((repos) => this.insertCase(repos, actor, ngoId, input));
    } catch (err) {
      // Two copies of the same request raced: the other one won, so answer its case.
      const winner = key && isUniqueViolation(err) ? await this.uow.repos.cases.findByClientKey(ngoId, actor.id, key) : undefined;
      if (winner) return { id: winner.id, ngoId };
      throw err;
    }
  }

  /**
   * create()'s new case inside a transaction the caller runs, with the same checks and audit: an
   * accepted citizen report makes its case, fills its steps and links it in one transaction
   * (modules/citizen-report).
   */
  async createWithin(repos: CaseRepos, actor: Actor, input: CreateCaseInput): Promise<{ id: number; ngoId: number }> {
    return this.insertCase(repos, actor, await this.ngoForNewCase(actor, input, repos.ngos), input);
  }

  private async insertCase({ cases, audit }: CaseRepos, actor: Actor, ngoId: number, input: CreateCaseInput): Promise<{ id: number; ngoId: number }> {
    const row = await cases.insert({ ngo_id: ngoId, type: input.type, status: input.status, mortality: input.mortality, created_by: actor.id, client_key: input.idempotencyKey ?? null });
    const changes: FieldChange[] = [
      { field: 'type', from: null, to: input.type },
      { field: 'status', from: null, to: input.status },
      { field: 'mortality', from: null, to: input.mortality },
    ];
    await audit.append(actor, { entity: 'case', entityId: row.id, action: 'create', ngoId, fields: ['type', 'status', 'mortality'], changes });
    return { id: row.id, ngoId };
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
    const { byStatus, rows } = await cases.pageWithCounts(filter, input.page, input.pageSize);
    const counts = Object.fromEntries(CASE_STATUSES.map((s) => [s, byStatus.get(s) ?? 0])) as Omit<StatusCounts, 'total'>;
    const sum = CASE_STATUSES.reduce((acc, s) => acc + counts[s], 0);
    const total = input.status ? counts[input.status] : sum;
    return { data: rows.map(toListItem), meta: { total, page: input.page, pageSize: input.pageSize, counts: { total: sum, ...counts } } };
  }

  async get(actor: Actor, id: number): Promise<Case> {
    const { row, days } = await findCaseWithPostOpDays(this.uow.repos.cases, recordScope(actor), id);
    return caseShownTo(actor, row, toCase(row, days), this.uow.repos.runs);
  }

  /**
   * A replayed write's access check (docs/decisions/011): its case read again as this actor, as the
   * write reads it. Another NGO's or a deleted case is not found, as for a fresh request, so its
   * stored answer is not sent; `deletedToo` for the delete and the restore, whose case may be deleted.
   */
  async assertReplayReaches(actor: Actor, caseId: number, { deletedToo = false }: { deletedToo?: boolean } = {}): Promise<void> {
    const scope = recordScope(actor);
    const { cases } = this.uow.repos;
    const found = (await cases.locate(scope, caseId)) ?? (deletedToo ? await cases.findInScope(scope, caseId, { deleted: true }) : undefined);
    if (!found) throw new NotFoundError(tr('error.caseNotFound'));
  }

  /** Status, type, mortality and cause. Reopening a released case asks the collar/tag rule again. */
  async update(actor: Actor, input: UpdateCaseInput): Promise<Case> {
    const collar: CollarRef = { caseId: input.caseId };
    await this.write((repos) => this.applyUpdate(repos, actor, input, collar), this.collarRace(collar));
    return this.get(actor, input.caseId);
  }

  /**
   * update()'s change inside a transaction the caller runs, with the same rules and audit: a run's
   * stop moves its case on together with the stop's mark (modules/run).
   */
  async updateWithin(repos: CaseRepos, actor: Actor, input: UpdateCaseInput): Promise<void> {
    await this.applyUpdate(repos, actor, input, { caseId: input.caseId });
  }

  private async applyUpdate({ cases, audit }: CaseRepos, actor: Actor, input: UpdateCaseInput, collar: CollarRef): Promise<void> {
    const { caseId, ...fields } = input;
    const row = await findCase(cases, recordScope(actor), caseId, { forUpdate: true });
    Object.assign(collar, { ngoId: row.ngo_id, tag: collarTagOf(flatState(row)) });
    const current = { type: row.type, status: row.status, mortality: row.mortality, causeOfFailure: row.cause_of_failure };
    const changes = fieldChanges(current, fields);
    if (changes.length === 0) return;
    if (fields.status !== undefined) await assertCollarTagFree(cases, row, { ...flatState(row), status: fields.status });
    await cases.update(row, {
      ...(fields.type !== undefined ? { type: fields.type } : {}),
      ...(fields.status !== undefined ? { status: fields.status } : {}),
      ...(fields.mortality !== undefined ? { mortality: fields.mortality } : {}),
      ...(fields.causeOfFailure !== undefined ? { cause_of_failure: fields.causeOfFailure } : {}),
    });
    await audit.append(actor, { entity: 'case', entityId: row.id, action: 'update', ngoId: row.ngo_id, fields: changes.map((c) => c.field), changes });
  }

  /**
   * Saves one step of the case page. The case is read again inside the transaction and every rule
   * is checked against its merged state there; a failed check leaves the case exactly as it was.
   * The answer is the case as this save left it, read by the save's own write (updateAudited), so
   * nothing is read again after the commit.
   */
  async updateStep(actor: Actor, step: CaseStep, input: { caseId: number } & Record<string, unknown>): Promise<Case> {
    const collar: CollarRef = { caseId: input.caseId };
    const saved = await this.write((repos) => this.applyStep(repos, actor, step, input, collar), this.collarRace(collar));
    return caseShownTo(actor, saved.row, toCase(saved.row, saved.days), this.uow.repos.runs);
  }

  /**
   * The reporter's phones and email sent back exactly as this actor was shown them masked are no
   * change (docs/privacy.md): a masked email is still a valid address and would otherwise be stored.
   */
  private async withoutMaskedEchoes(repos: CaseRepos, actor: Actor, row: CaseRow, request: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (!CASE_PERSONAL_FIELDS.some((field) => field in request) || (await seesReporterOfCase(actor, row, repos.runs))) return request;
    const stored = readStep('reportingDetail', row);
    return Object.fromEntries(
      Object.entries(request).filter(([field, value]) => {
        const kept = stored[field];
        return !((CASE_PERSONAL_FIELDS as readonly string[]).includes(field) && typeof kept === 'string' && kept !== '' && value === maskCaseField(field as CasePersonalField, kept));
      }),
    );
  }

  /** updateStep()'s save inside a transaction the caller runs, with the same rules and audit (a run's stop, modules/run). */
  async updateStepWithin(repos: CaseRepos, actor: Actor, step: CaseStep, input: { caseId: number } & Record<string, unknown>): Promise<void> {
    await this.applyStep(repos, actor, step, input, { caseId: input.caseId });
  }

  private async applyStep(repos: CaseRepos, actor: Actor, step: CaseStep, input: { caseId: number } & Record<string, unknown>, collar: CollarRef): Promise<CaseWithPostOpDays> {
    const { caseId, stockUses, ...fields } = input;
    const { cases, postOpDays, images } = repos;
    const row = await findCase(cases, recordScope(actor), caseId, { forUpdate: true });
    let request = step === 'reportingDetail' ? await this.withoutMaskedEchoes(repos, actor, row, definedOnly(fields)) : definedOnly(fields);
    // The merged state's collar/tag number, without building the whole flat state (every step's
    // image lists parsed) only for it: checkStepSave builds it once.
    Object.assign(collar, { ngoId: row.ngo_id, tag: collarTagOf({ collarTag: request.collarTag !== undefined ? request.collarTag : row.collar_tag }) });
    const current = readStep(step, row);
    // The reporter's details are required once a save touches them; a capture-only save (an ABC
    // catch by the NGO's own squad, with no reporter) is allowed (docs/product.md#abc-programme-records).
    if (step === 'reportingDetail' && touchesReporterFields(Object.keys(request))) {
      const merged = { ...current, ...request };
      if (REQUIRED_REPORTING_FIELDS.some((field) => merged[field] === null || merged[field] === undefined)) {
        throw new ValidationError(MESSAGES.requiredDetails);
      }
    }
    await assertImagesBelong(images, row.ngo_id, stepImages(step, request));
    const abc = await checkStepSave(repos, row, step, request, this.clock.context());
    // Stock used with a vaccination or an operation: deducted in this save's transaction, or the save is refused with it.
    if (stockUses !== undefined) {
      if (!(STOCK_USE_STEPS as readonly string[]).includes(step)) throw new ValidationError(tr('stock.error.stepNoStock'));
      const applied = await applyStepStockUses(repos.stock, actor, { ngoId: row.ngo_id, caseId: row.id, step: step as StockUseStep, lines: stockUses as CaseStockUseLine[], today: this.today() });
      // The ABC record's vaccine, batch and expiry come from the stock line when they were not typed.
      if (step === 'medicalDetail') request = { ...request, ...vaccineFromStock(applied, current, request) };
    }
    const changes = [...fieldChanges(current, request), ...abc.changes];
    // Nothing changed (every field sent holds its stored value): nothing is written or audited, and
    // the step keeps who last saved it, as update() does.
    if (changes.length === 0) return { row, days: await postOpDays.listForCase(row.ngo_id, row.id) };
    // The step and its audit entry in one statement on PostgreSQL (CaseRepository.updateAudited).
    const entry = auditRow(actor, { entity: 'case', entityId: row.id, action: stepAction(step), ngoId: row.ngo_id, fields: changes.map((c) => c.field), changes });
    const written = await cases.updateAudited(row, { ...writeStep(step, request), ...abc.computed, ...noticeStamp(current, request), [modifiedByColumn(step)]: actor.role }, entry);
    if (!written) throw new NotFoundError(tr('error.caseNotFound'));
    // A date that is a citizen reporter's milestone (picked up, operated, released, died) queues their notice.
    await repos.notices.caseStepSaved(row, written.row);
    // Identity documents now on the case: views of them are logged on it.
    const identity = CASE_IDENTITY_COLUMNS.flatMap((c) => {
      const value = request[c.field];
      return typeof value === 'string' ? [value] : Array.isArray(value) ? (value as string[]) : [];
    });
    await images.linkToCase(row.ngo_id, row.id, identity);
    return written;
  }

  /** Soft delete: the case leaves every list and count but keeps its data and images. */
  async remove(actor: Actor, caseId: number): Promise<void> {
    await this.uow.transaction(async ({ cases, audit }) => {
      const row = await findCase(cases, recordScope(actor), caseId, { forUpdate: true });
      await cases.update(row, { deleted_at: nowIso(), deleted_by: actor.id });
      await audit.append(actor, { entity: 'case', entityId: row.id, action: 'delete', ngoId: row.ngo_id, fields: [], changes: [] });
    });
  }

  /**
   * The deleted cases the actor may restore (their NGO's; an Admin's across NGOs or the one
   * chosen), the latest deletion first, with who deleted each and when.
   */
  async deletedList(actor: Actor, input: DeletedCasesInput): Promise<DeletedCaseList> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const { rows, total } = await this.uow.repos.cases.listDeleted(scope, input.page, input.pageSize);
    return { data: rows.map(toDeletedCase), meta: { total, page: input.page, pageSize: input.pageSize } };
  }

  /** Brings a deleted case back, unless its collar/tag number is now on another open case. */
  async restore(actor: Actor, caseId: number): Promise<Case> {
    const collar: { ngoId?: number; caseId: number; tag?: string } = { caseId };
    await this.write(async ({ cases, audit }) => {
      const row = await cases.findInScope(recordScope(actor), caseId, { deleted: true, forUpdate: true });
      if (!row) throw new NotFoundError(tr('error.caseNotFound'));
      Object.assign(collar, { ngoId: row.ngo_id, tag: collarTagOf(flatState(row)) });
      await assertCollarTagFree(cases, row, flatState(row));
      await cases.update(row, { deleted_at: null, deleted_by: null });
      await audit.append(actor, { entity: 'case', entityId: row.id, action: 'restore', ngoId: row.ngo_id, fields: [], changes: [] });
    }, this.collarRace(collar));
    return this.get(actor, caseId);
  }

  /** The vets of the case's NGO, for the operation step's vet name. */
  async vetNames(actor: Actor, caseId: number): Promise<string[]> {
    const row = await findCase(this.uow.repos.cases, recordScope(actor), caseId);
    return this.uow.repos.vets.names(row.ngo_id);
  }

  /**
   * What a case step's pickers offer in one NGO (the actor's own; an Admin names one): its vets, its
   * active staff and its latest reporters. Asked once after signing in and kept on the device, so
   * the pickers work offline even for a case or step never opened online (docs/decisions/012).
   */
  async directoryChoices(actor: Actor, input: DirectoryChoicesInput): Promise<DirectoryChoices> {
    const { vets, users, reporters, ngos } = this.uow.repos;
    const ngoId = await creationNgo(actor, input, ngos);
    const [vetRows, staff, reporterRows] = await Promise.all([vets.choices(ngoId), users.staffOf(ngoId, []), reporters.latest(ngoId, MAX_REPORTER_CHOICES)]);
    return {
      vets: vetRows,
      staff,
      // Kept on the device: a Worker's copy holds the phones and email of others' reporters masked.
      reporters: reporterRows.map((r) => {
        return reporterShownTo(actor, r.created_by, { id: r.id, ngoId: r.ngo_id, name: r.name, contact: r.contact, alternateContact: r.alternate_contact, email: r.email });
      }),
    };
  }

  /** Staff of the case's NGO for the catching squad: active members, and former ones already on it. */
  async staff(actor: Actor, caseId: number): Promise<CaseStaffMember[]> {
    const row = await findCase(this.uow.repos.cases, recordScope(actor), caseId);
    return this.uow.repos.users.staffOf(row.ngo_id, readStep('reportingDetail', row).catchingSquad as number[]);
  }

  /** Ward/zone names of the NGO's earlier cases matching the text, most used first. */
  async wardSuggestions(actor: Actor, input: WardSuggestionsInput): Promise<string[]> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    return this.uow.repos.cases.wardSuggestions(scope, input.search, MAX_WARD_SUGGESTIONS);
  }

  /**
   * The case's changes, newest first, a page at a time. Views of identity documents are shown to
   * Admins and Founders only (docs/product.md#the-case-timeline).
   */
  async timeline(actor: Actor, input: CaseTimelineInput): Promise<CaseTimeline> {
    const { cases, audit } = this.uow.repos;
    const row = await cases.locate(recordScope(actor), input.caseId);
    if (!row) throw new NotFoundError(tr('error.caseNotFound'));
    const hiddenActions = IDENTITY_VIEW_READERS.includes(actor.role) ? [] : [IDENTITY_VIEW_ACTION];
    // A page is kept until the case gets a new entry: reading the newest entry's id is one index seek.
    const key = JSON.stringify([row.id, input.page, input.pageSize, hiddenActions]);
    const version = await audit.lastCaseEntry(row.ngo_id, row.id);
    // The reporter's phones and email in old and new values are masked as on the case (docs/privacy.md).
    const inFull = actor.role !== 'Worker' || (await seesReporterOfCase(actor, await findCase(cases, recordScope(actor), row.id), this.uow.repos.runs));
    return timelineShownTo(await this.timelineCache.get(key, version, () => this.computeTimeline(row, input, hiddenActions)), inFull);
  }

  private async computeTimeline(row: { id: number; ngo_id: number }, input: CaseTimelineInput, hiddenActions: readonly string[]): Promise<CaseTimeline> {
    const page = await this.uow.repos.audit.caseTimeline(row.ngo_id, row.id, { page: input.page, pageSize: input.pageSize, hiddenActions });
    return {
      data: page.rows.map((r) => ({
        id: r.id,
        at: r.at,
        madeAt: r.made_at,
        action: r.action,
        actorId: r.actor_id,
        actorName: r.actor_name,
        actorRole: r.actor_role,
        fields: JSON.parse(r.fields) as string[],
        changes: r.changes ? (JSON.parse(r.changes) as FieldChange[]) : [],
        ...emptiedOf(r.redacted),
      })),
      meta: { total: page.total, page: input.page, pageSize: input.pageSize },
    };
  }

  /** Adds a day to the case's post-operative log; any staff member of the NGO may. */
  async addPostOpDay(actor: Actor, input: AddPostOpDayInput): Promise<Case> {
    const { caseId, dayNumber, ...fields } = input;
    await this.write(async ({ cases, postOpDays, images, audit }) => {
      const row = await findCase(cases, recordScope(actor), caseId, { forUpdate: true });
      await assertImagesBelong(images, row.ngo_id, { 'field.postOpPhotos': fields.photos });
      this.assertLogDate(row, dayNumber, fields.logDate);
      if (await postOpDays.findDay(row.ngo_id, row.id, dayNumber)) throw new ConflictError(tr('error.postOpDayTaken', { day: dayNumber }));
      const now = nowIso();
      const entry = await postOpDays.insert({
        ngo_id: row.ngo_id,
        case_id: row.id,
        day_number: dayNumber,
        ...postOpDayColumns(fields),
        created_by: actor.id,
        created_at: now,
        updated_by: actor.id,
        updated_at: now,
      });
      const blank = { logDate: null, woundState: null, appetite: null, temperature: null, medication: null, notes: null, photos: [] };
      const changes = dayChanges(entry.day_number, [{ field: 'dayNumber', from: null, to: dayNumber }, ...fieldChanges(blank, definedOnly(fields))]);
      await audit.append(actor, { entity: 'case', entityId: row.id, action: 'addPostOpDay', ngoId: row.ngo_id, fields: changes.map((c) => c.field), changes });
    }, (err) => (isUniqueViolation(err) ? new ConflictError(tr('error.postOpDayTaken', { day: dayNumber })) : undefined));
    return this.get(actor, caseId);
  }

  /** Changes a day of the log: its author may, and Managers and above. */
  async updatePostOpDay(actor: Actor, input: UpdatePostOpDayInput): Promise<Case> {
    const { id, dayNumber, ...fields } = input;
    const caseId = await this.write(async ({ cases, postOpDays, images, audit }) => {
      const { row, entry } = await this.postOpDayToChange(actor, cases, postOpDays, id);
      await assertImagesBelong(images, row.ngo_id, { 'field.postOpPhotos': fields.photos });
      this.assertLogDate(row, dayNumber ?? entry.day_number, fields.logDate);
      if (dayNumber !== undefined && dayNumber !== entry.day_number && (await postOpDays.findDay(row.ngo_id, row.id, dayNumber, entry.id))) {
        throw new ConflictError(tr('error.postOpDayTaken', { day: dayNumber }));
      }
      const current = toPostOpDay({ ...entry, created_by_name: null });
      const changes = fieldChanges(current, definedOnly({ dayNumber, ...fields }));
      if (changes.length === 0) return row.id;
      await postOpDays.update(entry, {
        ...(dayNumber !== undefined ? { day_number: dayNumber } : {}),
        ...definedOnly(postOpDayColumns(fields)),
        updated_by: actor.id,
        updated_at: nowIso(),
      });
      const named = dayChanges(entry.day_number, changes);
      await audit.append(actor, { entity: 'case', entityId: row.id, action: 'updatePostOpDay', ngoId: row.ngo_id, fields: named.map((c) => c.field), changes: named });
      return row.id;
    }, (err) => (isUniqueViolation(err) && dayNumber !== undefined ? new ConflictError(tr('error.postOpDayTaken', { day: dayNumber })) : undefined));
    return this.get(actor, caseId);
  }

  /** Removes a day of the log: its author may, and Managers and above. */
  async deletePostOpDay(actor: Actor, id: number): Promise<Case> {
    const caseId = await this.write(async ({ cases, postOpDays, audit }) => {
      const { row, entry } = await this.postOpDayToChange(actor, cases, postOpDays, id);
      await postOpDays.delete(entry);
      const { id: _id, caseId: _caseId, createdBy: _by, createdByName: _name, createdAt: _at, updatedAt: _upd, ...stored } = toPostOpDay({ ...entry, created_by_name: null });
      const empty = { dayNumber: null, logDate: null, woundState: null, appetite: null, temperature: null, medication: null, notes: null, photos: [] };
      const changes = dayChanges(entry.day_number, fieldChanges(stored, empty));
      await audit.append(actor, { entity: 'case', entityId: row.id, action: 'deletePostOpDay', ngoId: row.ngo_id, fields: changes.map((c) => c.field), changes });
      return row.id;
    });
    return this.get(actor, caseId);
  }

  /** A day's date, when a save gives it one: after the case's operation, and not in the future. */
  private assertLogDate(row: CaseRow, dayNumber: number, logDate: string | null | undefined): void {
    if (!logDate) return;
    const state = { operationDate: row.operation_date, [POST_OP_DAYS_KEY]: [{ dayNumber, logDate }] };
    const problem = caseRuleProblem(state, new Set([POST_OP_DAYS_KEY]), this.clock.context());
    if (problem) throw new ValidationError(problem);
  }

  /** The entry and its (live) case, if the actor may change it: its author, or a Manager and above. */
  private async postOpDayToChange(actor: Actor, cases: CaseRepository, postOpDays: PostOpDayRepository, id: number): Promise<{ row: CaseWithCreator; entry: PostOpDayRow }> {
    const found = await postOpDays.findInScope(recordScope(actor), id);
    if (!found) throw new NotFoundError(tr('error.postOpDayNotFound'));
    if (!POST_OP_DAY_EDITORS.includes(actor.role) && found.created_by !== actor.id) throw new ForbiddenError(tr('error.postOpDayNotYours'));
    const row = await findCase(cases, found.ngo_id, found.case_id, { forUpdate: true });
    // Read again now that the case is locked: the entry may have changed meanwhile.
    const entry = await postOpDays.findInScope(found.ngo_id, id);
    if (!entry) throw new NotFoundError(tr('error.postOpDayNotFound'));
    return { row, entry };
  }

  /**
   * Runs a write in one transaction. A unique index that refuses it (two saves racing past the
   * service's own check) is answered as the conflict it is: a collar/tag number on two open cases,
   * or what `conflict` makes of it.
   */
  private async write<T>(work: (repos: Repos) => Promise<T>, conflict?: (err: unknown) => Promise<Error | undefined> | Error | undefined): Promise<T> {
    try {
      return await this.uow.transaction(work);
    } catch (err) {
      const known = await conflict?.(err);
      if (known) throw known;
      throw err;
    }
  }

  /**
   * The collar/tag rule when two saves race past the service's check: the partial unique index
   * refuses the second, which is answered like the check would have (the other case now committed).
   */
  private collarRace(caseRef: { ngoId?: number; caseId: number; tag?: string }) {
    return async (err: unknown): Promise<Error | undefined> => {
      if (!isUniqueViolation(err) || caseRef.ngoId === undefined || caseRef.tag === undefined) return undefined;
      const other = await this.uow.repos.cases.openCaseWithCollarTag(caseRef.ngoId, caseRef.tag, caseRef.caseId);
      return other ? new ConflictError(tr('error.collarTagTaken', { tag: caseRef.tag, caseId: other.id })) : undefined;
    };
  }

  /** An Admin names the NGO, unless there is only one to choose from. */
  /** `ngos`: the repository to read the NGO through (inside a caller's transaction, that transaction's). */
  private async ngoForNewCase(actor: Actor, input: CreateCaseInput, ngos: NgoRepository = this.uow.repos.ngos): Promise<number> {
    const named = (input.ngoId !== undefined && input.ngoId !== null) || Boolean(input.ngoName);
    if (actor.role === 'Admin' && !named) {
      const only = await ngos.list('all', { page: 1, pageSize: 2 });
      if (only.total === 1 && only.rows[0]) return only.rows[0].id;
    }
    return creationNgo(actor, input, ngos);
  }
}

/**
 * The privacy notice's wording and the time it was recorded as read, when a save changes whether it
 * was (docs/privacy.md#notice-and-consent): the case says which wording its caller heard. 'No' or
 * a cleared answer keeps no wording.
 */
function noticeStamp(current: Record<string, unknown>, request: Record<string, unknown>): Partial<Pick<CaseRow, 'privacy_notice_version' | 'privacy_notice_at'>> {
  const given = request.privacyNoticeGiven;
  if (given === undefined || given === current.privacyNoticeGiven) return {};
  return given === 'Yes' ? { privacy_notice_version: PRIVACY_NOTICE_VERSION, privacy_notice_at: nowIso() } : { privacy_notice_version: null, privacy_notice_at: null };
}

/** Post-operative log fields as columns: absent stays absent, null clears, photos as a JSON list. */
function postOpDayColumns(fields: Omit<AddPostOpDayInput, 'caseId' | 'dayNumber'>) {
  return {
    log_date: fields.logDate,
    wound_state: fields.woundState,
    appetite: fields.appetite,
    temperature: fields.temperature,
    medication: fields.medication,
    notes: fields.notes,
    photos: fields.photos === undefined ? undefined : serializeList(fields.photos ?? []),
  };
}

/** A log entry's changes as the timeline names them: postOpDays.<day>.<field>. */
function dayChanges(day: number, changes: readonly FieldChange[]): FieldChange[] {
  return changes.map((c) => ({ ...c, field: `postOpDays.${day}.${c.field}` }));
}
