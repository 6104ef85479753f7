import { strToU8, zipSync } from 'fflate';
import {
  DATA_REQUEST_DUE_DAYS,
  maskPhone,
  tr,
  type CreateDataRequestInput,
  type DataRequest,
  type DataSubjectInput,
  type EraseDataInput,
  type ErasureOutcome,
  type HeldRecord,
} from '@rescuedesk/shared';
import type { DataRequestRow } from '../../db/schema';
import type { UnitOfWork } from '../../db/unit-of-work';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { creationNgo, listScope, recordScope } from '../../lib/tenancy';
import { redactionStamp, type AuditRepository } from '../audit/audit.repository';
import type { NgoRepository } from '../ngo/ngo.repository';
import { digitsOf } from '../reporter/reporter.service';
import { csvHeader, csvRows, type CsvColumn } from '../report/csv';
import type { AccessLogRepository } from './access-log.repository';
import type { DataRequestRepository } from './data-request.repository';
import type { IdentityImageRepository } from './identity-images.repository';
import type { AddedComment, ReportCommentRepository } from './report-comments.repository';
import { emptyReporterTraces, type ImageFileRemover } from './reporter-traces';

type Repos = { requests: DataRequestRepository; ngos: NgoRepository; audit: AuditRepository; accessLog: AccessLogRepository; identity: IdentityImageRepository; comments: ReportCommentRepository };

/** A record as an access request exports it: a citizen report with the comments its reporter added. */
type ExportedRecord = HeldRecord & { comments?: AddedComment[] };

const DAY_MS = 24 * 60 * 60 * 1000;

/** A person as given: each part given must match (a phone by its digits, a name ignoring case and spaces around it). */
function matcher(subject: { phone?: string | null | undefined; name?: string | null | undefined }) {
  const phone = subject.phone ? digitsOf(subject.phone) : null;
  const name = subject.name ? subject.name.trim().toLowerCase() : null;
  return (names: ReadonlyArray<string | null>, phones: ReadonlyArray<string | null>) =>
    (phone === null || phones.some((p) => !!p && digitsOf(p) === phone)) && (name === null || names.some((n) => !!n && n.trim().toLowerCase() === name));
}

/** A subject as lists show it: the phone masked, the name by its first letter. */
function maskedSubject(row: Pick<DataRequestRow, 'subject_phone' | 'subject_name'>): string {
  const name = row.subject_name ? `${row.subject_name.slice(0, 1)}${'x'.repeat(Math.max(row.subject_name.length - 1, 0))}` : null;
  return [name, row.subject_phone ? maskPhone(row.subject_phone) : null].filter(Boolean).join(' · ');
}

/**
 * Access and erasure requests about one person (docs/privacy.md#requests): what the NGO holds about
 * a phone number or a name, its export as one zip (JSON and CSV, in the access log), its erasure
 * with the records that must stay and why, and the register of requests with their dates.
 */
export class DataRequestService {
  constructor(
    private readonly uow: UnitOfWork<Repos>,
    private readonly today: (now: Date) => string,
    /** Removes the identity documents' files after an erasure's commit. */
    private readonly files: ImageFileRemover,
  ) {}

  /** Everything the NGO holds about the person, in full (the Founder and Admin see contacts in full). */
  async find(actor: Actor, input: DataSubjectInput): Promise<HeldRecord[]> {
    const ngoId = await creationNgo(actor, input, this.uow.repos.ngos);
    return this.held(this.uow.repos.requests, ngoId, input);
  }

  async create(actor: Actor, input: CreateDataRequestInput): Promise<DataRequest> {
    const ngoId = await creationNgo(actor, input, this.uow.repos.ngos);
    const dueOn = input.dueOn ?? new Date(Date.parse(`${input.receivedOn}T00:00:00Z`) + DATA_REQUEST_DUE_DAYS * DAY_MS).toISOString().slice(0, 10);
    if (dueOn < input.receivedOn) throw new ValidationError(tr('privacy.requests.dueOn'));
    const row = await this.uow.transaction(async ({ requests, audit }) => {
      const created = await requests.insert({ ngo_id: ngoId, kind: input.kind, received_on: input.receivedOn, due_on: dueOn, subject_phone: input.phone ?? null, subject_name: input.name ?? null, created_by: actor.id });
      await audit.append(actor, { entity: 'dataRequest', entityId: created.id, action: 'create', ngoId, fields: ['kind', 'receivedOn', 'dueOn'] });
      return created;
    });
    return toRequest(row);
  }

  async list(actor: Actor, input: { ngoId?: number | undefined }): Promise<DataRequest[]> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    return (await this.uow.repos.requests.list(scope)).map(toRequest);
  }

  /**
   * The access request's answer: one zip with the records as JSON and as CSV. The export is in the
   * access log and the audit log, and an access request is done by it.
   */
  async export(actor: Actor, id: number, now = new Date()): Promise<{ fileName: string; body: Uint8Array; rows: number }> {
    const request = await this.request(actor, id);
    const held = await this.held(this.uow.repos.requests, request.ngo_id, { phone: request.subject_phone, name: request.subject_name });
    const added = await this.uow.repos.comments.commentsOf(
      request.ngo_id,
      held.filter((r) => r.kind === 'citizenReport').map((r) => r.id),
    );
    const records: ExportedRecord[] = held.map((r) => (r.kind === 'citizenReport' && added.has(r.id) ? { ...r, comments: added.get(r.id) } : r));
    await this.uow.transaction(async ({ requests, audit, accessLog }) => {
      await accessLog.append(actor, { ngoId: request.ngo_id, recordType: 'export', recordId: `dataRequest:${id}`, field: 'personal', reason: 'export' });
      await audit.append(actor, { entity: 'dataRequest', entityId: id, action: 'export', ngoId: request.ngo_id, fields: [`rows:${records.length}`] });
      if (request.kind === 'access') await requests.markDone(request.ngo_id, id, { done_on: this.today(now), handled_by: actor.id, handled_by_name: actor.name });
    });
    const body = zipSync({
      'request.json': strToU8(JSON.stringify({ kind: request.kind, receivedOn: request.received_on, phone: request.subject_phone, name: request.subject_name }, null, 2)),
      'records.json': strToU8(JSON.stringify(records, null, 2)),
      'records.csv': strToU8(csvHeader(csvColumns()) + csvRows(csvColumns(), records)),
    });
    return { fileName: `data-request-${id}.zip`, body, rows: records.length };
  }

  /**
   * An erasure request done: the person's data emptied from every record that need not keep it, in
   * one transaction with the register's entry (done, by whom, why, what was kept and why).
   */
  async erase(actor: Actor, input: EraseDataInput, now = new Date()): Promise<DataRequest> {
    const request = await this.request(actor, input.id);
    if (request.kind !== 'erasure') throw new ValidationError(tr('privacy.requests.notErasure'));
    const at = now.toISOString();
    const { row, documents } = await this.uow.transaction(async ({ requests, audit, identity, comments }) => {
      const records = await this.held(requests, request.ngo_id, { phone: request.subject_phone, name: request.subject_name });
      const erasable = (kind: HeldRecord['kind']) => records.filter((r) => r.kind === kind && r.keptBecause === null).map((r) => r.id);
      const caseIds = await requests.eraseCases(request.ngo_id, erasable('case'), at);
      const reporterIds = await requests.eraseReporters(request.ngo_id, erasable('reporter'), at);
      const citizenReportIds = await requests.eraseCitizenReports(request.ngo_id, erasable('citizenReport'), at);
      const outcome: ErasureOutcome = {
        erased: { cases: caseIds.length, reporters: reporterIds.length, citizenReports: citizenReportIds.length },
        kept: records.flatMap((r) => (r.keptBecause ? [{ kind: r.kind, id: r.id, label: r.label, why: r.keptBecause }] : [])),
      };
      const done = await requests.markDone(request.ngo_id, request.id, { done_on: this.today(now), handled_by: actor.id, handled_by_name: actor.name, reason: input.reason, outcome: JSON.stringify(outcome) });
      if (!done) throw new ConflictError(tr('privacy.requests.alreadyDone'));
      const traces = await emptyReporterTraces({ audit, identity, comments }, actor, request.ngo_id, { caseIds, reporterIds, citizenReportIds }, redactionStamp('erasure', request.id));
      const fields = [...Object.entries(outcome.erased).map(([kind, n]) => `${kind}:${n}`), `documents:${traces.documents.length}`, `comments:${traces.comments}`];
      await audit.append(actor, { entity: 'dataRequest', entityId: request.id, action: 'erase', ngoId: request.ngo_id, fields });
      return { row: await requests.find(request.ngo_id, request.id), documents: traces.documents };
    });
    await this.files.removeFiles(request.ngo_id, documents);
    if (!row) throw new NotFoundError(tr('privacy.requests.notFound'));
    return toRequest(row);
  }

  private async request(actor: Actor, id: number) {
    const row = await this.uow.repos.requests.find(recordScope(actor), id);
    if (!row) throw new NotFoundError(tr('privacy.requests.notFound'));
    if (row.done_on !== null && row.kind === 'erasure') throw new ConflictError(tr('privacy.requests.alreadyDone'));
    return row;
  }

  /** The NGO's records holding the person's data; what an erasure keeps says why. */
  private async held(requests: DataRequestRepository, ngoId: number, subject: { phone?: string | null; name?: string | null }): Promise<HeldRecord[]> {
    const matches = matcher(subject);
    const cases = (await requests.casesHoldingReporters(ngoId)).filter((c) => matches([c.reporter_name], [c.reporter_contact, c.reporter_alt_contact]));
    const open = (c: (typeof cases)[number]) => c.status !== 'Released' && c.release_date === null && c.death_date === null && c.deleted_at === null;
    const openPhones = new Set(cases.filter(open).flatMap((c) => [c.reporter_contact, c.reporter_alt_contact]).flatMap((p) => (p ? [digitsOf(p)] : [])));
    const reporters = (await requests.reporters(ngoId)).filter((r) => matches([r.name], [r.contact, r.alternate_contact]));
    const reports = (await requests.citizenReports(ngoId)).filter((r) => matches([r.reporter_name], [r.reporter_phone]));
    return [
      ...cases.map((c) => ({ kind: 'case' as const, id: c.id, label: `#${c.id}`, name: c.reporter_name, phone: c.reporter_contact, altPhone: c.reporter_alt_contact, email: c.reporter_email, status: c.status, date: c.reported_date, keptBecause: open(c) ? ('openCase' as const) : null })),
      ...reporters.map((r) => ({
        kind: 'reporter' as const,
        id: r.id,
        label: `#${r.id}`,
        name: r.name,
        phone: r.contact,
        altPhone: r.alternate_contact,
        email: r.email,
        status: null,
        date: r.created_at,
        keptBecause: [r.contact, r.alternate_contact].some((p) => !!p && openPhones.has(digitsOf(p))) ? ('openCase' as const) : null,
      })),
      ...reports.map((r) => ({ kind: 'citizenReport' as const, id: r.id, label: r.code, name: r.reporter_name, phone: r.reporter_phone, altPhone: null, email: null, status: r.status, date: r.created_at, keptBecause: r.status === 'new' ? ('newReport' as const) : null })),
    ];
  }
}

function csvColumns(): CsvColumn<ExportedRecord>[] {
  return [
    { header: tr('privacy.requests.csv.kind'), value: (r) => tr(`privacy.retention.kind.${r.kind}`) },
    { header: tr('privacy.requests.csv.id'), value: (r) => r.label },
    { header: tr('privacy.requests.name'), value: (r) => r.name },
    { header: tr('privacy.requests.phone'), value: (r) => r.phone },
    { header: tr('privacy.requests.csv.altPhone'), value: (r) => r.altPhone },
    { header: tr('privacy.requests.csv.email'), value: (r) => r.email },
    { header: tr('privacy.requests.csv.status'), value: (r) => r.status },
    { header: tr('privacy.requests.csv.date'), value: (r) => r.date },
    { header: tr('privacy.requests.csv.comments'), value: (r) => (r.comments ? r.comments.map((c) => `${c.at}: ${c.comment}`).join('\n') : null) },
  ];
}

function toRequest(row: DataRequestRow): DataRequest {
  return {
    id: row.id,
    ngoId: row.ngo_id,
    kind: row.kind as DataRequest['kind'],
    receivedOn: row.received_on,
    dueOn: row.due_on,
    doneOn: row.done_on,
    subject: maskedSubject(row),
    handledBy: row.handled_by_name,
    reason: row.reason,
    outcome: row.outcome ? (JSON.parse(row.outcome) as ErasureOutcome) : null,
  };
}
