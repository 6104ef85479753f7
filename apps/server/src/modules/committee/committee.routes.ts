import { ReportMonthInputSchema, ReportSigningSchema, ReportVerificationSchema, SignReportInputSchema, VerifyInputSchema, envelopeOf } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../auth/session.guard';
import type { CommitteeService } from './committee.service';

/** Signing the monthly ABC report and its public verification (docs/reports.md#signing-the-monthly-report). */
export function committeeRoutes(app: FastifyInstance, { committee }: { committee: CommitteeService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['committee'];
  const signing = { 200: envelopeOf(ReportSigningSchema) };

  r.post(
    '/api/committee/getSigning',
    { config: { access: 'report.read' }, schema: { tags, summary: "The month's signed versions, the hash of its figures now and what changed since the newest version", body: ReportMonthInputSchema, response: signing } },
    async (request) => ({ data: await committee.signing(actorOf(request), request.body) }),
  );
  r.post(
    '/api/committee/signReport',
    { config: { access: 'report.sign' }, schema: { tags, summary: 'Signs the month in one place; changed figures make a new version', body: SignReportInputSchema, response: signing } },
    async (request) => ({ data: await committee.sign(actorOf(request), request.body) }),
  );
  r.post(
    '/api/public/verifyReport',
    { config: { access: 'public' }, schema: { tags, summary: 'Whether a version of a monthly report is signed, by whom and when, and whether a newer one replaces it (no sign-in)', body: VerifyInputSchema, response: { 200: envelopeOf(ReportVerificationSchema) } } },
    async (request) => ({ data: await committee.verify(request.body.id) }),
  );
}
