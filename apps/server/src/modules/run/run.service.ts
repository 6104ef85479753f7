import {
  can,
  planTour,
  tr,
  type CreateRunInput,
  type MarkStopInput,
  type NgoBase,
  type Run,
  type RunCandidate,
  type RunCandidatesInput,
  type RunKind,
  type RunList,
  type RunListInput,
  type RunStatus,
  type StopMark,
  type PageMeta,
} from '@rescuedesk/shared';
import type { RunRow } from '../../db/schema';
import type { UnitOfWork } from '../../db/unit-of-work';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { parseIdList } from '../../lib/json-list';
import { creationNgo, listScope, recordScope, type NgoChoice } from '../../lib/tenancy';
import { nowIso } from '../../lib/time';
import type { CaseRepos, CaseService } from '../case/case.service';
import type { RunRepository, StopWithCase } from './run.repository';

type Repos = CaseRepos & { runs: RunRepository };

/** The mark that ends a stop of each kind of run: its case has moved on (Admitted, or Released). */
const DONE_MARK: Readonly<Record<RunKind, StopMark>> = { catching: 'pickedUp', release: 'released' };

/**
 * Runs (docs/product.md#runs): planned at a desk from the NGO's open cases with a GPS point, their
 * stops ordered by the tour (runs/tour.ts), worked on a phone. A stop marked picked up or released
 * moves its case on through the case service's own step save and status change, in the mark's
 * transaction, so the case's rules, its audit and the mark land together or not at all.
 */
export class RunService {
  constructor(
    private readonly uow: UnitOfWork<Repos>,
    private readonly cases: CaseService,
  ) {}

  async candidates(actor: Actor, input: RunCandidatesInput): Promise<{ data: RunCandidate[]; meta: PageMeta }> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const page = await this.uow.repos.runs.candidates(scope, input);
    return {
      data: page.rows.map((r) => ({
        id: r.id,
        status: r.status as RunCandidate['status'],
        location: r.location,
        landmark: r.landmark,
        pincode: r.pincode,
        wardZone: r.ward_zone,
        uniqueID: r.unique_id,
        latitude: r.capture_latitude,
        longitude: r.capture_longitude,
      })),
      meta: { total: page.total, page: input.page, pageSize: input.pageSize },
    };
  }

  async list(actor: Actor, input: RunListInput): Promise<RunList> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const page = await this.uow.repos.runs.list(scope, input);
    return {
      data: page.rows.map((r) => ({ ...summaryOf(r), ngoName: r.ngo_name, stopCount: r.stop_count, doneCount: r.done_count })),
      meta: { total: page.total, page: input.page, pageSize: input.pageSize },
    };
  }

  async get(actor: Actor, id: number): Promise<Run> {
    const run = await this.uow.repos.runs.findInScope(recordScope(actor), id);
    if (!run) throw new NotFoundError(tr('runs.error.notFound'));
    return this.view(run);
  }

  /** Where the NGO's runs may start, when it has kept a base point. */
  async ngoBase(actor: Actor, input: NgoChoice): Promise<NgoBase> {
    const ngoId = await creationNgo(actor, input, this.uow.repos.ngos);
    return (await this.uow.repos.runs.ngoBase(ngoId)) ?? null;
  }

  /** Plans a run from chosen cases: only the NGO's open cases with a GPS point, ordered from the start point. */
  async create(actor: Actor, input: CreateRunInput): Promise<Run> {
    const { runs, users, ngos } = this.uow.repos;
    const ngoId = await creationNgo(actor, input, ngos);
    const seen = new Set<number>();
    for (const id of input.caseIds) {
      if (seen.has(id)) throw new ValidationError(tr('runs.error.duplicateCase', { caseId: `#${id}` }));
      seen.add(id);
    }
    const squad = [...new Set(input.squad)];
    const active = await users.activeIdsInNgo(ngoId, squad);
    if (squad.some((id) => !active.has(id))) throw new ValidationError(tr('runs.validation.squad', { field: tr('runs.field.squad') }));

    let start: { latitude: number; longitude: number };
    if (input.start.source === 'ngo') {
      const base = await runs.ngoBase(ngoId);
      if (!base) throw new ValidationError(tr('runs.error.noNgoBase'));
      start = base;
    } else {
      if (input.start.keepAsNgoBase && !can(actor.role, 'ngo.manage')) throw new ForbiddenError(tr('runs.error.keepBase'));
      start = { latitude: input.start.latitude, longitude: input.start.longitude };
    }

    const found = new Map((await runs.candidatesAmong(ngoId, input.caseIds)).map((c) => [c.id, c]));
    const missing = input.caseIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw new ValidationError(tr('runs.error.casesNotOpen', { count: missing.length, cases: missing.map((id) => `#${id}`).join(', ') }));
    const chosen = input.caseIds.map((id) => found.get(id)!);
    const tour = planTour(
      { lat: start.latitude, lon: start.longitude },
      chosen.map((c) => ({ lat: c.capture_latitude, lon: c.capture_longitude })),
    );

    const run = await this.uow.transaction(async (repos) => {
      const created = await repos.runs.insert(
        {
          ngo_id: ngoId,
          run_date: input.runDate,
          kind: input.kind,
          status: 'planned',
          squad: JSON.stringify(squad),
          vehicle: input.vehicle ?? null,
          locality: input.locality ?? null,
          start_source: input.start.source,
          start_latitude: start.latitude,
          start_longitude: start.longitude,
          total_m: tour.totalMetres,
          started_at: null,
          ended_at: null,
          created_by: actor.id,
        },
        tour.order.map((i) => ({ case_id: chosen[i]!.id, latitude: chosen[i]!.capture_latitude, longitude: chosen[i]!.capture_longitude })),
      );
      if (input.start.source === 'device' && input.start.keepAsNgoBase) await repos.runs.keepNgoBase(ngoId, start);
      await repos.audit.append(actor, { entity: 'run', entityId: created.id, action: 'create', ngoId, fields: ['runDate', 'kind', 'squad', 'vehicle', 'locality', 'start', 'stops'] });
      return created;
    });
    return this.view(run);
  }

  /**
   * A crew's mark on a stop. Picked up stamps the case's capture point and time (and adds the
   * run's squad to its catching squad) and moves a reported case to Admitted; released records the
   * release point and time, where the release-where-caught check of the case step applies, and
   * moves the case to Released. A stop whose case has moved on keeps its mark.
   */
  async markStop(actor: Actor, input: MarkStopInput): Promise<Run> {
    await this.uow.transaction(async (repos) => {
      const run = await repos.runs.findInScope(recordScope(actor), input.runId, { forUpdate: true });
      if (!run) throw new NotFoundError(tr('runs.error.notFound'));
      const stop = await repos.runs.findStop(run, input.stopId);
      if (!stop) throw new NotFoundError(tr('runs.error.stopNotFound'));
      if (run.status === 'ended') throw new ConflictError(tr('runs.error.ended'));
      const kind = run.kind as RunKind;
      const done = DONE_MARK[kind];
      if ((input.mark === 'pickedUp' || input.mark === 'released') && input.mark !== done) {
        throw new ValidationError(tr('runs.error.markOfKind', { mark: tr(`runs.mark.${input.mark}`), kind: tr(`runs.kind.${kind}`) }));
      }
      if (input.mark === 'refused' && !input.reason) throw new ValidationError(tr('runs.validation.reasonRequired', { field: tr('runs.field.reason') }));
      if (stop.mark === done) {
        if (input.mark === done) return;
        throw new ConflictError(tr('runs.error.alreadyDone', { position: stop.position, mark: tr(`runs.mark.${done}`) }));
      }
      const point = input.latitude !== null && input.latitude !== undefined && input.longitude !== null && input.longitude !== undefined;
      if (input.mark === 'pickedUp') {
        const row = await repos.cases.findInScope(run.ngo_id, stop.case_id, { forUpdate: true });
        if (!row) throw new NotFoundError(tr('error.caseNotFound'));
        const squad = [...new Set([...parseIdList(row.catching_squad), ...parseIdList(run.squad)])];
        await this.cases.updateStepWithin(repos, actor, 'reportingDetail', {
          caseId: stop.case_id,
          captureDate: input.markedDate,
          captureTime: input.markedTime,
          catchingSquad: squad,
          ...(point ? { captureLatitude: input.latitude, captureLongitude: input.longitude, captureAccuracy: input.accuracy ?? null, captureSource: 'device' } : {}),
        });
        if (row.status === 'Reported') await this.cases.updateWithin(repos, actor, { caseId: stop.case_id, status: 'Admitted' });
      } else if (input.mark === 'released') {
        if (!point) throw new ValidationError(tr('validation.required', { field: tr('runs.field.markPoint') }));
        await this.cases.updateStepWithin(repos, actor, 'postOperationDetail', {
          caseId: stop.case_id,
          releaseDate: input.markedDate,
          releaseTime: input.markedTime,
          releaseLatitude: input.latitude,
          releaseLongitude: input.longitude,
          releaseAccuracy: input.accuracy ?? null,
          ...(input.reason ? { releaseOverrideReason: input.reason } : {}),
        });
        await this.cases.updateWithin(repos, actor, { caseId: stop.case_id, status: 'Released' });
      }
      await repos.runs.markStop(stop, {
        mark: input.mark,
        reason: input.reason ?? null,
        marked_date: input.markedDate,
        marked_time: input.markedTime,
        mark_latitude: point ? input.latitude! : null,
        mark_longitude: point ? input.longitude! : null,
        mark_accuracy: point ? (input.accuracy ?? null) : null,
        marked_by: actor.id,
      });
      if (run.status === 'planned') await repos.runs.update(run, { status: 'inProgress', started_at: nowIso() });
      await repos.audit.append(actor, { entity: 'run', entityId: run.id, action: 'markStop', ngoId: run.ngo_id, fields: [`stops.${stop.position}.mark`] });
    });
    return this.get(actor, input.runId);
  }

  /** Ends the run: it is kept as the capture register, and its stops can no longer be marked. */
  async end(actor: Actor, runId: number): Promise<Run> {
    await this.uow.transaction(async ({ runs, audit }) => {
      const run = await runs.findInScope(recordScope(actor), runId, { forUpdate: true });
      if (!run) throw new NotFoundError(tr('runs.error.notFound'));
      if (run.status === 'ended') throw new ConflictError(tr('runs.error.alreadyEnded'));
      const now = nowIso();
      await runs.update(run, { status: 'ended', ended_at: now, started_at: run.started_at ?? now });
      await audit.append(actor, { entity: 'run', entityId: run.id, action: 'end', ngoId: run.ngo_id, fields: ['status'] });
    });
    return this.get(actor, runId);
  }

  private async view(run: RunRow): Promise<Run> {
    const { runs, users } = this.uow.repos;
    const squadIds = parseIdList(run.squad);
    const [stops, staff, ngoName] = await Promise.all([runs.stops(run.ngo_id, run.id), users.staffOf(run.ngo_id, squadIds), runs.ngoName(run.ngo_id)]);
    const names = new Map(staff.map((s) => [s.id, s.name]));
    return {
      ...summaryOf(run),
      ngoName,
      stopCount: stops.length,
      doneCount: stops.filter((s) => s.mark !== 'pending').length,
      squad: squadIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
      startSource: run.start_source as Run['startSource'],
      startLatitude: run.start_latitude,
      startLongitude: run.start_longitude,
      startedAt: run.started_at,
      endedAt: run.ended_at,
      stops: stops.map(toStop),
    };
  }
}

function summaryOf(r: RunRow) {
  return {
    id: r.id,
    ngoId: r.ngo_id,
    runDate: r.run_date,
    kind: r.kind as RunKind,
    status: r.status as RunStatus,
    vehicle: r.vehicle,
    locality: r.locality,
    totalMetres: r.total_m,
  };
}

function toStop(s: StopWithCase): Run['stops'][number] {
  return {
    id: s.id,
    position: s.position,
    caseId: s.case_id,
    location: s.location,
    landmark: s.landmark,
    pincode: s.pincode,
    uniqueID: s.unique_id,
    latitude: s.latitude,
    longitude: s.longitude,
    mark: s.mark as StopMark,
    reason: s.reason,
    markedDate: s.marked_date,
    markedTime: s.marked_time,
    markLatitude: s.mark_latitude,
    markLongitude: s.mark_longitude,
    markAccuracy: s.mark_accuracy,
    markedByName: s.marked_by_name,
  };
}
