import {
  CASE_STATUSES,
  can,
  type CaseExportInput,
  type DirectoryExportInput,
  type UserExportInput,
} from '@rescuedesk/shared';
import type { NgoScope } from '../../db/scope';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { Actor } from '../../lib/actor';
import { listScope, recordScope } from '../../lib/tenancy';
import type { AuditRepository } from '../audit/audit.repository';
import type { AccessLogRepository } from '../privacy/access-log.repository';
import type { CaseRepository } from '../case/case.repository';
import type { NgoRepository } from '../ngo/ngo.repository';
import { csvHeader, csvRows, type CsvColumn } from './csv';
import {
  CASE_EXPORT_CREATED_BY,
  CASE_EXPORT_ID,
  caseColumns,
  ngoColumns,
  reporterColumns,
  sponsorColumns,
  userColumns,
  vetColumns,
  type CaseExportRow,
  type ExportContext,
} from './export-columns';
import type { ExportPage, ExportRepository } from './export.repository';

type Repos = { cases: CaseRepository; exports: ExportRepository; ngos: NgoRepository; audit: AuditRepository; accessLog: AccessLogRepository };

/**
 * Rows read and written per page: one page is all an export holds in memory. 250 rather than 1,000:
 * a smaller page's rows are mostly collected young instead of being promoted (docs/reports.md#figures).
 */
export const EXPORT_PAGE_ROWS = 250;

/** A CSV file on its way: its name, how many rows it will hold (for the browser's progress), and its text a page at a time. */
export interface CsvExport {
  fileName: string;
  rows: number;
  body: AsyncIterable<string>;
}

/**
 * CSV exports of the dashboard's filter and of every directory list (docs/reports.md#csv-files). The
 * scope is the list's own; every export is audited (who, what, when, with the filter) before its
 * first byte; phone numbers, email addresses and identity documents only for roles with
 * 'export.personal'. Each file is read from the database a page at a time after the last row sent.
 */
export class ExportService {
  constructor(
    private readonly uow: UnitOfWork<Repos>,
    /** The NGOs' time zone (config TIME_ZONE), the clock every time in a file is written on. */
    private readonly timeZone: string,
  ) {}

  async cases(actor: Actor, input: CaseExportInput, origin: string): Promise<CsvExport> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const filter = { scope, type: input.type === 'All' ? undefined : input.type, status: input.status, search: input.search };
    const byStatus = await this.uow.repos.cases.countByStatus(filter);
    const rows = input.status ? (byStatus.get(input.status) ?? 0) : CASE_STATUSES.reduce((sum, s) => sum + (byStatus.get(s) ?? 0), 0);
    await this.audit(actor, scope, 'cases', rows, { type: input.type, status: input.status ?? undefined, search: input.search });
    const context = await this.context(actor, scope, origin);
    const { cases, exports } = this.uow.repos;
    // Creators are named from the scope's users read once; one outside them (an Admin) is looked up once.
    const creators = new Map<number, string | null>(context.userNames);
    const { reads, columns } = caseColumns(context, (userId) => creators.get(userId) ?? null);
    const nextPage = async (last: CaseExportRow | undefined): Promise<CaseExportRow[]> => {
      const page = await cases.exportPage(filter, last ? (last[CASE_EXPORT_ID] as number) : null, EXPORT_PAGE_ROWS, reads);
      const unknown = new Set<number>();
      for (const row of page) {
        const userId = row[CASE_EXPORT_CREATED_BY];
        if (typeof userId === 'number' && !creators.has(userId)) unknown.add(userId);
      }
      if (unknown.size > 0) {
        const names = await exports.userNamesById([...unknown]);
        for (const userId of unknown) creators.set(userId, names.get(userId) ?? null);
      }
      return page;
    };
    return { fileName: `cases-${today()}.csv`, rows, body: pagesOf(columns, nextPage) };
  }

  async users(actor: Actor, input: UserExportInput, origin: string): Promise<CsvExport> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const { exports } = this.uow.repos;
    const rows = await exports.countUsers(scope, input.status, input.search);
    await this.audit(actor, scope, 'users', rows, { search: input.search, status: input.status });
    const columns = userColumns(await this.context(actor, scope, origin, { names: false }));
    return { fileName: `users-${today()}.csv`, rows, body: pagesOf(columns, (last) => exports.users(scope, input.status, page(input, last))) };
  }

  async ngos(actor: Actor, input: DirectoryExportInput, origin: string): Promise<CsvExport> {
    const scope = recordScope(actor);
    const { exports } = this.uow.repos;
    const rows = await exports.countNgos(scope, input.search);
    await this.audit(actor, scope, 'ngos', rows, { search: input.search });
    const columns = ngoColumns(await this.context(actor, scope, origin, { names: false }));
    return { fileName: `ngos-${today()}.csv`, rows, body: pagesOf(columns, (last) => exports.ngos(scope, page(input, last))) };
  }

  async reporters(actor: Actor, input: DirectoryExportInput, origin: string): Promise<CsvExport> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const { exports } = this.uow.repos;
    const rows = await exports.countReporters(scope, input.search);
    await this.audit(actor, scope, 'reporters', rows, { search: input.search });
    const columns = reporterColumns(await this.context(actor, scope, origin, { names: false }));
    return { fileName: `reporters-${today()}.csv`, rows, body: pagesOf(columns, (last) => exports.reporters(scope, page(input, last))) };
  }

  async vets(actor: Actor, input: DirectoryExportInput, origin: string): Promise<CsvExport> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const { exports } = this.uow.repos;
    const rows = await exports.countVets(scope, input.search);
    await this.audit(actor, scope, 'vets', rows, { search: input.search });
    const columns = vetColumns(await this.context(actor, scope, origin, { names: false }));
    return { fileName: `vets-${today()}.csv`, rows, body: pagesOf(columns, (last) => exports.vets(scope, page(input, last))) };
  }

  async sponsors(actor: Actor, input: DirectoryExportInput): Promise<CsvExport> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const { exports } = this.uow.repos;
    const rows = await exports.countSponsors(scope, input.search);
    await this.audit(actor, scope, 'sponsors', rows, { search: input.search });
    return { fileName: `sponsors-${today()}.csv`, rows, body: pagesOf(sponsorColumns(), (last) => exports.sponsors(scope, page(input, last))) };
  }

  /** What the columns need to know: may the reader see personal data, and the names squads and NGOs are shown by. */
  private async context(actor: Actor, scope: NgoScope, origin: string, options: { names: boolean } = { names: true }): Promise<ExportContext> {
    const { exports } = this.uow.repos;
    return {
      personal: can(actor.role, 'export.personal'),
      origin,
      userNames: options.names ? await exports.userNames(scope) : new Map(),
      ngoNames: options.names ? await exports.ngoNames(scope) : new Map(),
      timeZone: this.timeZone,
    };
  }

  /** Who exported what, and when (docs/reports.md#audit): the filter and the number of rows, in the audit log. */
  private async audit(actor: Actor, scope: NgoScope, what: string, rows: number, filter: Record<string, string | undefined>): Promise<void> {
    await auditExport(this.uow.repos.audit, actor, scope, what, rows, filter);
    // A file with phone numbers, email addresses or identity documents is also an access to personal data (docs/privacy.md).
    if (what !== 'sponsors' && can(actor.role, 'export.personal')) {
      await this.uow.repos.accessLog.append(actor, { ngoId: scope === 'all' ? null : scope, recordType: 'export', recordId: what, field: 'personal', reason: 'export' });
    }
  }
}

/** Records an export or a report download in the audit log: entity 'export', the kind as its id, the filter and row count as its fields. */
export async function auditExport(audit: AuditRepository, actor: Actor, scope: NgoScope, what: string, rows: number, filter: Record<string, string | number | undefined>): Promise<void> {
  const fields = [
    ...Object.entries(filter)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => `${key}=${value}`),
    `rows=${rows}`,
  ];
  await audit.append(actor, { entity: 'export', entityId: what, action: 'export', ngoId: scope === 'all' ? null : scope, fields });
}

function page(input: { search?: string | undefined }, last: { id: number } | undefined): ExportPage {
  return { search: input.search, afterId: last?.id ?? 0, limit: EXPORT_PAGE_ROWS };
}

/**
 * The file's text: the heading line, then one page of rows at a time, each page read only when the
 * one before has been taken (a slow download reads no further ahead than the stream's buffer).
 */
export async function* pagesOf<T>(columns: readonly CsvColumn<T>[], next: (last: T | undefined) => Promise<T[]>): AsyncGenerator<string> {
  yield csvHeader(columns);
  let last: T | undefined;
  for (;;) {
    const text = await pageText(columns, next, last);
    if (text === undefined) return;
    last = text.last;
    // Only the text waits in the generator while it is sent, not the page's rows: held across the
    // send, they outlived young-generation collections and filled V8's old space with garbage.
    yield text.lines;
  }
}

async function pageText<T>(columns: readonly CsvColumn<T>[], next: (last: T | undefined) => Promise<T[]>, after: T | undefined): Promise<{ lines: string; last: T } | undefined> {
  const rows = await next(after);
  const last = rows[rows.length - 1];
  return last === undefined ? undefined : { lines: csvRows(columns, rows), last };
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}
