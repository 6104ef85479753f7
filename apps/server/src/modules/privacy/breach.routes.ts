import { BreachIdInputSchema, BreachListInputSchema, BreachSchema, CreateBreachInputSchema, envelopeOf } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/session.guard';
import type { BreachService } from './breach.service';

export function breachRoutes(app: FastifyInstance, { breaches }: { breaches: BreachService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['privacy'];
  const config = { access: 'privacy.manage' } as const;

  r.post(
    '/api/privacy/getBreaches',
    { config, schema: { tags, summary: 'The breach register, newest discovery first, with the report due and notice drafts', body: BreachListInputSchema, response: { 200: envelopeOf(z.array(BreachSchema)) } } },
    async (request) => ({ data: await breaches.list(actorOf(request), request.body) }),
  );
  r.post(
    '/api/privacy/createBreach',
    { config, schema: { tags, summary: 'A breach recorded from its discovery; the Board is due a report in 72 hours', body: CreateBreachInputSchema, response: { 200: envelopeOf(BreachSchema) } } },
    async (request) => ({ data: await breaches.create(actorOf(request), request.body) }),
  );
  r.post(
    '/api/privacy/markBreachReported',
    { config, schema: { tags, summary: 'The Data Protection Board was told of the breach', body: BreachIdInputSchema, response: { 200: envelopeOf(BreachSchema) } } },
    async (request) => ({ data: await breaches.markReported(actorOf(request), request.body.id) }),
  );
}
