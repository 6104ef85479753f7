import { CreateSponsorInputSchema, IdInputSchema, ListInputSchema, SponsorSchema, UpdateSponsorInputSchema, envelopeOf, pageOf } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replaysRecord } from '../../plugins/idempotency';
import { actorOf } from '../auth/session.guard';
import type { SponsorService } from './sponsor.service';

export function sponsorRoutes(app: FastifyInstance, { sponsors }: { sponsors: SponsorService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'sponsor.manage' } as const;
  // A replayed write (docs/decisions/011) is answered only while this actor still reaches its sponsor.
  const saved = { ...config, replayAccess: replaysRecord((actor, id) => sponsors.get(actor, id)) };
  const tags = ['sponsor'];

  r.post('/api/sponsor/getSponsors', { config, schema: { tags, body: ListInputSchema, response: { 200: pageOf(SponsorSchema) } } }, async (request) =>
    sponsors.list(actorOf(request), request.body),
  );
  r.post('/api/sponsor/getSponsorById', { config, schema: { tags, body: IdInputSchema, response: { 200: envelopeOf(SponsorSchema) } } }, async (request) => ({
    data: await sponsors.get(actorOf(request), request.body.id),
  }));
  r.post('/api/sponsor/createSponsor', { config: saved, schema: { tags, body: CreateSponsorInputSchema, response: { 200: envelopeOf(SponsorSchema) } } }, async (request) => ({
    data: await sponsors.create(actorOf(request), request.body),
  }));
  r.post('/api/sponsor/updateSponsor', { config: saved, schema: { tags, body: UpdateSponsorInputSchema, response: { 200: envelopeOf(SponsorSchema) } } }, async (request) => ({
    data: await sponsors.update(actorOf(request), request.body),
  }));
}
