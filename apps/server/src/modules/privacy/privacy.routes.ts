import { AccessLogEntrySchema, AccessLogExportInputSchema, AccessLogInputSchema, RevealInputSchema, RevealedSchema, envelopeOf, pageOf } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../auth/session.guard';
import { sendCsv } from '../report/report.routes';
import type { PrivacyService } from './privacy.service';

export function privacyRoutes(app: FastifyInstance, { privacy }: { privacy: PrivacyService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['privacy'];
  const log = { access: 'privacy.log' } as const;

  r.post(
    '/api/privacy/reveal',
    { config: { access: 'personal.reveal' }, schema: { tags, summary: "One masked field of a case in full; the access log records who saw it", body: RevealInputSchema, response: { 200: envelopeOf(RevealedSchema) } } },
    async (request) => ({ data: await privacy.reveal(actorOf(request), request.body) }),
  );
  r.post(
    '/api/privacy/getAccessLog',
    { config: log, schema: { tags, summary: 'Who saw personal data in full, newest first, a page at a time', body: AccessLogInputSchema, response: { 200: pageOf(AccessLogEntrySchema) } } },
    async (request) => privacy.log(actorOf(request), request.body),
  );
  r.post(
    '/api/export/accessLog',
    { config: log, schema: { tags, summary: 'The access log with the same filter, as CSV', body: AccessLogExportInputSchema, produces: ['text/csv'] } },
    async (request, reply) => sendCsv(reply, await privacy.exportLog(actorOf(request), request.body)),
  );
}
