import { CreateReporterInputSchema, IdInputSchema, ListInputSchema, ReporterSchema, SavedReporterSchema, UpdateReporterInputSchema, envelopeOf, pageOf } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replaysRecord } from '../../plugins/idempotency';
import { actorOf } from '../auth/session.guard';
import type { ReporterService } from './reporter.service';

export function reporterRoutes(app: FastifyInstance, { reporters }: { reporters: ReporterService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'reporter.manage' } as const;
  // A replayed write (docs/decisions/011) is answered only while this actor still reaches its reporter.
  const saved = { ...config, replayAccess: replaysRecord((actor, id) => reporters.get(actor, id)) };
  const tags = ['reporter'];

  r.post('/api/reporter/getReporters', { config, schema: { tags, body: ListInputSchema, response: { 200: pageOf(ReporterSchema) } } }, async (request) =>
    reporters.list(actorOf(request), request.body),
  );
  r.post('/api/reporter/getReporterById', { config, schema: { tags, body: IdInputSchema, response: { 200: envelopeOf(ReporterSchema) } } }, async (request) => ({
    data: await reporters.get(actorOf(request), request.body.id),
  }));
  r.post('/api/reporter/createReporter', { config: saved, schema: { tags, body: CreateReporterInputSchema, response: { 200: envelopeOf(ReporterSchema) } } }, async (request) => ({
    data: await reporters.create(actorOf(request), request.body),
  }));
  r.post(
    '/api/reporter/saveFromCase',
    {
      config: {
        ...config,
        replayAccess: async (actor, replay) => {
          const id = (replay.answer as { data?: { reporter?: { id?: unknown } } } | null)?.data?.reporter?.id;
          if (typeof id !== 'number') return false;
          await reporters.get(actor, id);
          return true;
        },
      },
      schema: { tags, summary: "A case's reporter saved to the directory, unless the same name and phone are already there", body: CreateReporterInputSchema, response: { 200: envelopeOf(SavedReporterSchema) } },
    },
    async (request) => ({ data: await reporters.saveFromCase(actorOf(request), request.body) }),
  );
  r.post('/api/reporter/updateReporter', { config: saved, schema: { tags, body: UpdateReporterInputSchema, response: { 200: envelopeOf(ReporterSchema) } } }, async (request) => ({
    data: await reporters.update(actorOf(request), request.body),
  }));
}
