import { CreateDataRequestInputSchema, DataRequestIdInputSchema, DataRequestListInputSchema, DataRequestSchema, DataSubjectInputSchema, EraseDataInputSchema, HeldRecordSchema, envelopeOf } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/session.guard';
import type { DataRequestService } from './data-request.service';

export function dataRequestRoutes(app: FastifyInstance, { requests }: { requests: DataRequestService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['privacy'];
  const config = { access: 'privacy.manage' } as const;

  r.post(
    '/api/privacy/findPersonalData',
    { config, schema: { tags, summary: 'Every record of the NGO holding the personal data of a phone number or name', body: DataSubjectInputSchema, response: { 200: envelopeOf(z.array(HeldRecordSchema)) } } },
    async (request) => ({ data: await requests.find(actorOf(request), request.body) }),
  );
  r.post(
    '/api/privacy/getDataRequests',
    { config, schema: { tags, summary: 'The register of access and erasure requests, newest first, the person masked', body: DataRequestListInputSchema, response: { 200: envelopeOf(z.array(DataRequestSchema)) } } },
    async (request) => ({ data: await requests.list(actorOf(request), request.body) }),
  );
  r.post(
    '/api/privacy/createDataRequest',
    { config, schema: { tags, summary: 'A request received, into the register; due in 30 days unless set', body: CreateDataRequestInputSchema, response: { 200: envelopeOf(DataRequestSchema) } } },
    async (request) => ({ data: await requests.create(actorOf(request), request.body) }),
  );
  r.post(
    '/api/privacy/eraseDataRequest',
    { config, schema: { tags, summary: "An erasure request done: the person's data emptied where it need not stay", body: EraseDataInputSchema, response: { 200: envelopeOf(DataRequestSchema) } } },
    async (request) => ({ data: await requests.erase(actorOf(request), request.body) }),
  );
  r.post(
    '/api/export/dataRequest',
    { config, schema: { tags, summary: "The person's records as one zip of JSON and CSV; in the access log", body: DataRequestIdInputSchema, produces: ['application/zip'] } },
    async (request, reply) => {
      const file = await requests.export(actorOf(request), request.body.id);
      return reply.header('Content-Type', 'application/zip').header('Content-Disposition', `attachment; filename="${file.fileName}"`).send(Buffer.from(file.body));
    },
  );
}
