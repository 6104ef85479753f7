import {
  AddSightingInputSchema,
  CreateWardInputSchema,
  IdInputSchema,
  ListInputSchema,
  RemoveSightingInputSchema,
  StartSurveyInputSchema,
  SurveyDetailSchema,
  SurveyUidInputSchema,
  UpdateWardInputSchema,
  WardCoverageSchema,
  WardSchema,
  envelopeOf,
  pageOf,
} from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Actor } from '../../lib/actor';
import { replaysRecord, type ReplayedRequest } from '../../plugins/idempotency';
import { actorOf } from '../auth/session.guard';
import type { SurveyService } from './survey.service';

/** Wards (managed by the office) and coverage surveys (recorded by everyone): docs/coverage.md. */
export function surveyRoutes(app: FastifyInstance, { surveys }: { surveys: SurveyService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const record = { access: 'survey.record' } as const;
  // A replayed ward write (docs/decisions/011) is answered only while this actor still reaches its ward.
  const wardSaved = { access: 'ward.manage', replayAccess: replaysRecord((actor, id) => surveys.getWard(actor, id)) } as const;
  // A replayed survey write is answered only while the survey is still in this actor's NGO.
  const surveySaved = {
    ...record,
    replayAccess: async (actor: Actor, replay: ReplayedRequest): Promise<boolean> => {
      const body = replay.body as { uid?: unknown; surveyUid?: unknown } | null;
      const uid = body?.surveyUid ?? body?.uid;
      if (typeof uid !== 'string') return false;
      await surveys.getSurvey(actor, uid);
      return true;
    },
  };
  const tags = ['survey'];

  r.post('/api/ward/getWards', { config: record, schema: { tags, body: ListInputSchema, response: { 200: pageOf(WardSchema) } } }, async (request) =>
    surveys.listWards(actorOf(request), request.body),
  );
  r.post('/api/ward/getWardCoverage', { config: record, schema: { tags, body: IdInputSchema, response: { 200: envelopeOf(WardCoverageSchema) } } }, async (request) => ({
    data: await surveys.wardCoverage(actorOf(request), request.body.id),
  }));
  r.post('/api/ward/createWard', { config: wardSaved, schema: { tags, body: CreateWardInputSchema, response: { 200: envelopeOf(WardSchema) } } }, async (request) => ({
    data: await surveys.createWard(actorOf(request), request.body),
  }));
  r.post('/api/ward/updateWard', { config: wardSaved, schema: { tags, body: UpdateWardInputSchema, response: { 200: envelopeOf(WardSchema) } } }, async (request) => ({
    data: await surveys.updateWard(actorOf(request), request.body),
  }));
  r.post('/api/survey/getSurvey', { config: record, schema: { tags, body: SurveyUidInputSchema, response: { 200: envelopeOf(SurveyDetailSchema) } } }, async (request) => ({
    data: await surveys.getSurvey(actorOf(request), request.body.uid),
  }));
  r.post('/api/survey/startSurvey', { config: surveySaved, schema: { tags, body: StartSurveyInputSchema, response: { 200: envelopeOf(SurveyDetailSchema) } } }, async (request) => ({
    data: await surveys.startSurvey(actorOf(request), request.body),
  }));
  r.post('/api/survey/addSighting', { config: surveySaved, schema: { tags, body: AddSightingInputSchema, response: { 200: envelopeOf(SurveyDetailSchema) } } }, async (request) => ({
    data: await surveys.addSighting(actorOf(request), request.body),
  }));
  r.post('/api/survey/removeSighting', { config: surveySaved, schema: { tags, body: RemoveSightingInputSchema, response: { 200: envelopeOf(SurveyDetailSchema) } } }, async (request) => ({
    data: await surveys.removeSighting(actorOf(request), request.body),
  }));
}
