import { CreateNgoInputSchema, ListInputSchema, NgoIdInputSchema, NgoSchema, UpdateNgoInputSchema, envelopeOf, pageOf } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replaysRecord } from '../../plugins/idempotency';
import { actorOf } from '../auth/session.guard';
import type { NgoService } from './ngo.service';

export function ngoRoutes(app: FastifyInstance, { ngos }: { ngos: NgoService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'ngo.manage' } as const;
  // A replayed write (docs/decisions/011) is answered only while this actor still reaches that NGO.
  const reachesNgo = (idField: string) => replaysRecord((actor, id) => ngos.get(actor, id), idField);
  const tags = ['ngo'];

  r.post('/api/ngo/getNgos', { config, schema: { tags, summary: 'NGOs (a Founder sees their own)', body: ListInputSchema, response: { 200: pageOf(NgoSchema) } } }, async (request) =>
    ngos.list(actorOf(request), request.body),
  );
  r.post('/api/ngo/getNgoById', { config, schema: { tags, body: NgoIdInputSchema, response: { 200: envelopeOf(NgoSchema) } } }, async (request) => ({
    data: await ngos.get(actorOf(request), request.body.ngoId),
  }));
  r.post(
    '/api/ngo/createNgo',
    { config: { access: 'ngo.create', replayAccess: reachesNgo('id') }, schema: { tags, body: CreateNgoInputSchema, response: { 200: envelopeOf(NgoSchema) } } },
    async (request) => ({ data: await ngos.create(actorOf(request), request.body) }),
  );
  r.post('/api/ngo/updateNgo', { config: { ...config, replayAccess: reachesNgo('ngoId') }, schema: { tags, body: UpdateNgoInputSchema, response: { 200: envelopeOf(NgoSchema) } } }, async (request) => ({
    data: await ngos.update(actorOf(request), request.body),
  }));
}
