import { RetentionInputSchema, RetentionPreviewSchema, RetentionRunResultSchema, envelopeOf } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../auth/session.guard';
import type { RetentionService } from './retention.service';

export function retentionRoutes(app: FastifyInstance, { retention }: { retention: RetentionService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['privacy'];
  const config = { access: 'privacy.manage' } as const;

  r.post(
    '/api/privacy/getRetentionPreview',
    { config, schema: { tags, summary: "What the next retention run would anonymise in the NGO, masked", body: RetentionInputSchema, response: { 200: envelopeOf(RetentionPreviewSchema) } } },
    async (request) => ({ data: await retention.preview(actorOf(request), request.body) }),
  );
  r.post(
    '/api/privacy/runRetention',
    { config, schema: { tags, summary: "Today's retention run for the NGO now, unless it ran today already", body: RetentionInputSchema, response: { 200: envelopeOf(RetentionRunResultSchema) } } },
    async (request) => ({ data: await retention.runNow(actorOf(request), request.body) }),
  );
}
