import { CreateRunInputSchema, MarkStopInputSchema, NgoBaseInputSchema, NgoBaseSchema, RunCandidateListSchema, RunCandidatesInputSchema, RunIdInputSchema, RunListInputSchema, RunListSchema, RunSchema, envelopeOf } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replaysRecord } from '../../plugins/idempotency';
import { actorOf } from '../auth/session.guard';
import type { RunService } from './run.service';

export function runRoutes(app: FastifyInstance, { runs }: { runs: RunService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['run'];
  const plan = { access: 'run.plan' } as const;
  const work = { access: 'run.work' } as const;
  // A replayed write (docs/decisions/011) is answered only while this actor still reaches its run.
  const reachesRun = replaysRecord((actor, id) => runs.get(actor, id), 'runId');

  r.post(
    '/api/run/getRunCandidates',
    { config: plan, schema: { tags, summary: "A page of the NGO's open cases with a GPS point, by status and a locality or pincode search", body: RunCandidatesInputSchema, response: { 200: RunCandidateListSchema } } },
    async (request) => runs.candidates(actorOf(request), request.body),
  );
  r.post('/api/run/getNgoBase', { config: plan, schema: { tags, summary: "The NGO's base point, where its runs may start (null until kept)", body: NgoBaseInputSchema, response: { 200: envelopeOf(NgoBaseSchema) } } }, async (request) => ({
    data: await runs.ngoBase(actorOf(request), request.body),
  }));
  r.post('/api/run/createRun', { config: { ...plan, replayAccess: replaysRecord((actor, id) => runs.get(actor, id)) }, schema: { tags, summary: 'Plans a run: its stops ordered from the start point', body: CreateRunInputSchema, response: { 200: envelopeOf(RunSchema) } } }, async (request) => ({
    data: await runs.create(actorOf(request), request.body),
  }));
  r.post('/api/run/getRuns', { config: work, schema: { tags, summary: 'A page of runs, the latest day first', body: RunListInputSchema, response: { 200: RunListSchema } } }, async (request) =>
    runs.list(actorOf(request), request.body),
  );
  r.post('/api/run/getRunById', { config: work, schema: { tags, body: RunIdInputSchema, response: { 200: envelopeOf(RunSchema) } } }, async (request) => ({
    data: await runs.get(actorOf(request), request.body.runId),
  }));
  r.post('/api/run/markStop', { config: { ...work, replayAccess: reachesRun }, schema: { tags, summary: "A crew's mark on one stop", body: MarkStopInputSchema, response: { 200: envelopeOf(RunSchema) } } }, async (request) => ({
    data: await runs.markStop(actorOf(request), request.body),
  }));
  r.post('/api/run/endRun', { config: { ...work, replayAccess: reachesRun }, schema: { tags, summary: 'Ends the run; it is kept as the capture register', body: RunIdInputSchema, response: { 200: envelopeOf(RunSchema) } } }, async (request) => ({
    data: await runs.end(actorOf(request), request.body.runId),
  }));
}
