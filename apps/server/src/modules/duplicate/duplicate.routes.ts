import { CaseDuplicatesInputSchema, DuplicateSuggestionSchema, ReportDuplicatesInputSchema, envelopeOf } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/session.guard';
import type { DuplicateService } from './duplicate.service';

/** Duplicate suggestions at triage and when a case is added (docs/citizen-reports.md#duplicate-suggestions). */
export function duplicateRoutes(app: FastifyInstance, { duplicates }: { duplicates: DuplicateService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: envelopeOf(z.array(DuplicateSuggestionSchema)) };
  r.post(
    '/api/intake/getDuplicateSuggestions',
    { config: { access: 'intake.triage' }, schema: { tags: ['intake'], summary: 'Open cases and untriaged reports that may be the same animal as a report', body: ReportDuplicatesInputSchema, response } },
    async (request) => ({ data: await duplicates.forReport(actorOf(request), request.body) }),
  );
  r.post(
    '/api/case/getDuplicateSuggestions',
    { config: { access: 'case.write' }, schema: { tags: ['case'], summary: 'Open cases and untriaged reports that may be the same animal as a case being added', body: CaseDuplicatesInputSchema, response } },
    async (request) => ({ data: await duplicates.forCase(actorOf(request), request.body) }),
  );
}
