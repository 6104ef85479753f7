import { accessFieldLabel, tr, type AccessLogEntry, type CasePersonalField, type ReporterPersonalField, type AccessLogExportInput, type AccessLogInput, type PageMeta, type Revealed, type RevealInput } from '@rescuedesk/shared';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { Actor } from '../../lib/actor';
import { listScope, recordScope } from '../../lib/tenancy';
import type { AuditRepository } from '../audit/audit.repository';
import { findCase } from '../case/case-view';
import type { CaseRepository } from '../case/case.repository';
import type { NgoRepository } from '../ngo/ngo.repository';
import type { ReporterRepository } from '../reporter/reporter.repository';
import { NotFoundError } from '../../errors';
import { localDateTime, zonedHeader, type CsvColumn } from '../report/csv';
import { EXPORT_PAGE_ROWS, auditExport, pagesOf, type CsvExport } from '../report/export.service';
import { ZoneClock } from '../report/local-months';
import type { AccessLogFilter, AccessLogRepository } from './access-log.repository';

type Repos = { accessLog: AccessLogRepository; cases: CaseRepository; reporters: ReporterRepository; ngos: NgoRepository; audit: AuditRepository };

/** The case columns a revealed field is read from. */
const CASE_COLUMNS = { reporterContact: 'reporter_contact', reporterAltContact: 'reporter_alt_contact', reporterEmail: 'reporter_email' } as const;

/** The reporter columns a revealed directory field is read from. */
const REPORTER_COLUMNS = { contact: 'contact', alternateContact: 'alternate_contact', email: 'email' } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Personal data in full, on purpose and on the record (docs/privacy.md): one masked field revealed
 * and logged, and the access log that the Founder (an Admin, across NGOs) reads and exports.
 */
export class PrivacyService {
  private readonly clock: ZoneClock;

  constructor(
    private readonly uow: UnitOfWork<Repos>,
    /** The NGOs' time zone: the log's days are days of their calendar. */
    private readonly timeZone: string,
  ) {
    this.clock = new ZoneClock(timeZone);
  }

  /**
   * One field of one case in full, with an entry in the access log. Any role may reveal (a Worker
   * who must call back a reporter of a case not theirs); another NGO's case is not found. An empty
   * field reveals nothing and logs nothing.
   */
  async reveal(actor: Actor, input: RevealInput): Promise<Revealed> {
    const { ngoId, value } = input.record === 'case' ? await this.caseField(actor, input.id, input.field) : await this.reporterField(actor, input.id, input.field);
    if (!value) return { value: null };
    await this.uow.transaction(({ accessLog }) => accessLog.append(actor, { ngoId, recordType: input.record, recordId: input.id, field: input.field, reason: 'reveal' }));
    return { value };
  }

  private async caseField(actor: Actor, id: number, field: CasePersonalField): Promise<{ ngoId: number; value: string | null }> {
    const row = await findCase(this.uow.repos.cases, recordScope(actor), id);
    return { ngoId: row.ngo_id, value: row[CASE_COLUMNS[field]] };
  }

  /** A directory reporter's field; another NGO's reporter is not found, as everywhere. */
  private async reporterField(actor: Actor, id: number, field: ReporterPersonalField): Promise<{ ngoId: number; value: string | null }> {
    const row = await this.uow.repos.reporters.findInScope(recordScope(actor), id);
    if (!row) throw new NotFoundError(tr('error.reporterNotFound'));
    return { ngoId: row.ngo_id, value: row[REPORTER_COLUMNS[field]] };
  }

  async log(actor: Actor, input: AccessLogInput): Promise<{ data: AccessLogEntry[]; meta: PageMeta }> {
    const filter = await this.filterOf(actor, input);
    const page = await this.uow.repos.accessLog.page(filter, input);
    return { data: page.rows, meta: { total: page.total, page: input.page, pageSize: input.pageSize } };
  }

  /** The filtered log as CSV, oldest first; the export itself is audited as every export is (docs/reports.md#audit). */
  async exportLog(actor: Actor, input: AccessLogExportInput): Promise<CsvExport> {
    const filter = await this.filterOf(actor, input);
    const { accessLog, audit } = this.uow.repos;
    const rows = await accessLog.count(filter);
    await auditExport(audit, actor, filter.scope, 'accessLog', rows, { user: input.userId, record: input.recordId, from: input.from, to: input.to });
    const columns = this.columns();
    return {
      fileName: `access-log-${new Date().toISOString().slice(0, 10)}.csv`,
      rows,
      body: pagesOf(columns, (last) => accessLog.exportPage(filter, last?.id ?? 0, EXPORT_PAGE_ROWS)),
    };
  }

  private async filterOf(actor: Actor, input: AccessLogExportInput): Promise<AccessLogFilter> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    return {
      scope,
      userId: input.userId,
      recordType: input.recordType ?? (input.recordId !== undefined ? 'case' : undefined),
      recordId: input.recordId,
      from: input.from === undefined ? undefined : this.dayStart(input.from, 0),
      until: input.to === undefined ? undefined : this.dayStart(input.to, 1),
    };
  }

  /** The instant the day (YYYY-MM-DD, plus `later` days) begins on the NGOs' calendar. */
  private dayStart(day: string, later: number): string {
    return new Date(this.clock.firstInstantAt(Date.parse(`${day}T00:00:00Z`) + later * DAY_MS)).toISOString();
  }

  private columns(): CsvColumn<AccessLogEntry>[] {
    const local = localDateTime(this.timeZone);
    return [
      { header: zonedHeader(tr('privacy.log.at'), this.timeZone), value: (r) => local(r.at) },
      { header: tr('privacy.log.who'), value: (r) => r.userName },
      { header: tr('privacy.log.role'), value: (r) => r.userRole },
      { header: tr('privacy.log.what'), value: (r) => tr(`privacy.record.${r.recordType}`, { id: r.recordId }) },
      { header: tr('privacy.log.field'), value: (r) => tr(accessFieldLabel(r.field)) },
      { header: tr('privacy.log.why'), value: (r) => tr(`privacy.reason.${r.reason}`) },
    ];
  }
}
