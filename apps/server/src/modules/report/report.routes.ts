import { Readable } from 'node:stream';
import {
  AbcReportInputSchema,
  AbcReportSchema,
  CaseExportInputSchema,
  DashboardChartsInputSchema,
  DashboardChartsSchema,
  DirectoryExportInputSchema,
  EXPORT_ROWS_HEADER,
  SponsorCasesInputSchema,
  SponsorCasesSchema,
  SponsorIdInputSchema,
  UserExportInputSchema,
  envelopeOf,
} from '@rescuedesk/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../auth/session.guard';
import type { CsvExport, ExportService } from './export.service';
import type { ReportService } from './report.service';

const CSV = ['text/csv'];

/** Sends a CSV export as it is read: a page at a time, with the row count for the browser's progress bar. */
export function sendCsv(reply: FastifyReply, file: CsvExport) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header(EXPORT_ROWS_HEADER, String(file.rows))
    // Bytes, not pages, count towards the buffer: at most about one page waits for a slow reader (16 pages did by default).
    .send(Readable.from(file.body, { objectMode: false, highWaterMark: 64 * 1024 }));
}

/** The app's address as the reader reached it, for links in a spreadsheet. */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function reportRoutes(app: FastifyInstance, { reports, exports }: { reports: ReportService; exports: ExportService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['report'];
  const report = { access: 'report.read' } as const;

  r.post(
    '/api/report/getAbcReport',
    { config: report, schema: { tags, summary: 'The monthly ABC report: a row per ward (or per NGO), and the total', body: AbcReportInputSchema, response: { 200: envelopeOf(AbcReportSchema) } } },
    async (request) => ({ data: await reports.abcReport(actorOf(request), request.body) }),
  );
  r.post(
    '/api/report/getAbcReportPdf',
    { config: report, schema: { tags, summary: 'The monthly ABC report as a PDF to sign', body: AbcReportInputSchema, produces: ['application/pdf'] } },
    async (request, reply) => {
      const file = await reports.abcReportPdf(actorOf(request), request.body, originOf(request));
      return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `attachment; filename="${file.fileName}"`).send(file.body);
    },
  );
  r.post(
    '/api/report/getAbcRegisterCsv',
    { config: report, schema: { tags, summary: "The report's dogs, one row each (the case register), as CSV", body: AbcReportInputSchema, produces: CSV } },
    async (request, reply) => sendCsv(reply, await reports.abcRegister(actorOf(request), request.body, originOf(request))),
  );
  r.post(
    '/api/report/getDashboardCharts',
    { config: { access: 'report.charts' }, schema: { tags, summary: "The dashboard's charts: twelve months by status and of surgeries, cases by type, outcomes", body: DashboardChartsInputSchema, response: { 200: envelopeOf(DashboardChartsSchema) } } },
    async (request) => ({ data: await reports.charts(actorOf(request), request.body) }),
  );
  r.post(
    '/api/report/getSponsorCases',
    { config: { access: 'sponsor.manage' }, schema: { tags, summary: "The cases a sponsorship pays for, a page at a time, with the sponsor's summary", body: SponsorCasesInputSchema, response: { 200: SponsorCasesSchema } } },
    async (request) => reports.sponsorCases(actorOf(request), request.body),
  );

  const exportTags = ['export'];
  r.post(
    '/api/export/sponsorCases',
    { config: { access: 'sponsor.manage' }, schema: { tags: exportTags, summary: 'Every case a sponsorship pays for, as CSV', body: SponsorIdInputSchema, produces: CSV } },
    async (request, reply) => sendCsv(reply, await reports.sponsorCasesCsv(actorOf(request), request.body.sponsorId)),
  );
  r.post(
    '/api/export/cases',
    { config: { access: 'case.read' }, schema: { tags: exportTags, summary: "The dashboard's filter (type, status, search), every page, as CSV", body: CaseExportInputSchema, produces: CSV } },
    async (request, reply) => sendCsv(reply, await exports.cases(actorOf(request), request.body, originOf(request))),
  );
  r.post(
    '/api/export/users',
    { config: { access: 'user.manage' }, schema: { tags: exportTags, summary: 'The user list, as CSV', body: UserExportInputSchema, produces: CSV } },
    async (request, reply) => sendCsv(reply, await exports.users(actorOf(request), request.body, originOf(request))),
  );
  r.post(
    '/api/export/ngos',
    { config: { access: 'ngo.manage' }, schema: { tags: exportTags, summary: 'The NGO list, as CSV', body: DirectoryExportInputSchema, produces: CSV } },
    async (request, reply) => sendCsv(reply, await exports.ngos(actorOf(request), request.body, originOf(request))),
  );
  r.post(
    '/api/export/reporters',
    { config: { access: 'reporter.manage' }, schema: { tags: exportTags, summary: 'The reporter list, as CSV', body: DirectoryExportInputSchema, produces: CSV } },
    async (request, reply) => sendCsv(reply, await exports.reporters(actorOf(request), request.body, originOf(request))),
  );
  r.post(
    '/api/export/vets',
    { config: { access: 'vet.manage' }, schema: { tags: exportTags, summary: 'The vet list, as CSV', body: DirectoryExportInputSchema, produces: CSV } },
    async (request, reply) => sendCsv(reply, await exports.vets(actorOf(request), request.body, originOf(request))),
  );
  r.post(
    '/api/export/sponsors',
    { config: { access: 'sponsor.manage' }, schema: { tags: exportTags, summary: 'The sponsor list, as CSV', body: DirectoryExportInputSchema, produces: CSV } },
    async (request, reply) => sendCsv(reply, await exports.sponsors(actorOf(request), request.body)),
  );
}
