import { CreateVetInputSchema, IdInputSchema, ListInputSchema, UpdateVetInputSchema, VetSchema, envelopeOf, pageOf } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replaysRecord } from '../../plugins/idempotency';
import { actorOf } from '../auth/session.guard';
import type { VetService } from './vet.service';

export function vetRoutes(app: FastifyInstance, { vets }: { vets: VetService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'vet.manage' } as const;
  // A replayed write (docs/decisions/011) is answered only while this actor still reaches its vet.
  const saved = { ...config, replayAccess: replaysRecord((actor, id) => vets.get(actor, id)) };
  const tags = ['vet'];

  r.post('/api/vet/getVets', { config, schema: { tags, body: ListInputSchema, response: { 200: pageOf(VetSchema) } } }, async (request) =>
    vets.list(actorOf(request), request.body),
  );
  r.post('/api/vet/getVetById', { config, schema: { tags, body: IdInputSchema, response: { 200: envelopeOf(VetSchema) } } }, async (request) => ({
    data: await vets.get(actorOf(request), request.body.id),
  }));
  r.post('/api/vet/createVet', { config: saved, schema: { tags, body: CreateVetInputSchema, response: { 200: envelopeOf(VetSchema) } } }, async (request) => ({
    data: await vets.create(actorOf(request), request.body),
  }));
  r.post('/api/vet/updateVet', { config: saved, schema: { tags, body: UpdateVetInputSchema, response: { 200: envelopeOf(VetSchema) } } }, async (request) => ({
    data: await vets.update(actorOf(request), request.body),
  }));
}
