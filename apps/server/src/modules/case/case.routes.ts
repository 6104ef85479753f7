import {
  AddPostOpDayInputSchema,
  CASE_STEP_INPUT_SCHEMAS,
  CASE_STEP_TABLE,
  CaseIdInputSchema,
  CaseListInputSchema,
  CaseListSchema,
  CaseSchema,
  CaseStaffMemberSchema,
  DirectoryChoicesInputSchema,
  DirectoryChoicesSchema,
  CaseTimelineInputSchema,
  CaseTimelineSchema,
  CreateCaseInputSchema,
  CreatedCaseSchema,
  DeletedCaseListSchema,
  DeletedCasesInputSchema,
  GetCaseInputSchema,
  PostOpDayIdInputSchema,
  UpdateCaseInputSchema,
  UpdatePostOpDayInputSchema,
  WardSuggestionsInputSchema,
  STOCK_USE_STEPS,
  StepStockUsesSchema,
  envelopeOf,
} from '@rescuedesk/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../../lib/actor';
import { sendOnce } from '../../lib/send-once';
import type { ReplayedRequest } from '../../plugins/idempotency';
import { actorOf } from '../auth/session.guard';
import type { CaseService } from './case.service';

export function caseRoutes(app: FastifyInstance, { cases }: { cases: CaseService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['case'];
  const read = { access: 'case.read' } as const;
  const write = { access: 'case.write' } as const;
  const ok = envelopeOf(z.null());
  // A replayed write (docs/decisions/011) is answered only while this actor still reaches its case.
  const reachesCase =
    (options?: { deletedToo: boolean }) =>
    async (actor: Actor, replay: ReplayedRequest): Promise<boolean> => {
      const caseId = replayedCaseId(replay);
      if (caseId === undefined) return false;
      await cases.assertReplayReaches(actor, caseId, options);
      return true;
    };
  const saved = { ...write, replayAccess: reachesCase() };

  r.post('/api/case/createCase', { config: saved, schema: { tags, body: CreateCaseInputSchema, response: { 200: envelopeOf(CreatedCaseSchema) } } }, async (request) => ({
    data: await cases.create(actorOf(request), request.body),
  }));
  r.post(
    '/api/case/getCaseByType',
    { config: read, schema: { tags, summary: 'A page of cases with the status counts of the whole filtered set', body: CaseListInputSchema, response: { 200: CaseListSchema } } },
    async (request, reply) => {
      const page = await cases.list(actorOf(request), request.body);
      // A kept page is shared by many requests: check, serialize and compress it once.
      const untyped: FastifyReply = reply;
      return sendOnce(request, untyped, CaseListSchema, page);
    },
  );
  r.post('/api/case/getCaseById', { config: read, schema: { tags, body: GetCaseInputSchema, response: { 200: envelopeOf(CaseSchema) } } }, async (request) => ({
    data: await cases.get(actorOf(request), request.body.id),
  }));
  r.post('/api/case/updateCase', { config: saved, schema: { tags, body: UpdateCaseInputSchema, response: { 200: envelopeOf(CaseSchema) } } }, async (request) => ({
    data: await cases.update(actorOf(request), request.body),
  }));
  r.post('/api/case/deleteCase', { config: { access: 'case.delete', replayAccess: reachesCase({ deletedToo: true }) }, schema: { tags, summary: 'Soft delete', body: CaseIdInputSchema, response: { 200: ok } } }, async (request) => {
    await cases.remove(actorOf(request), request.body.caseId);
    return { data: null };
  });
  r.post('/api/case/restoreCase', { config: { access: 'case.restore', replayAccess: reachesCase({ deletedToo: true }) }, schema: { tags, body: CaseIdInputSchema, response: { 200: envelopeOf(CaseSchema) } } }, async (request) => ({
    data: await cases.restore(actorOf(request), request.body.caseId),
  }));
  r.post(
    '/api/case/getDeletedCases',
    {
      config: { access: 'case.restore' },
      schema: { tags, summary: 'Deleted cases, the latest deletion first, with who deleted each and when, a page at a time', body: DeletedCasesInputSchema, response: { 200: DeletedCaseListSchema } },
    },
    async (request) => cases.deletedList(actorOf(request), request.body),
  );
  r.post(
    '/api/case/getVetNames',
    { config: write, schema: { tags, summary: "Names of the vets of the case's NGO", body: CaseIdInputSchema, response: { 200: envelopeOf(z.array(z.string())) } } },
    async (request) => ({ data: await cases.vetNames(actorOf(request), request.body.caseId) }),
  );
  r.post(
    '/api/case/getCaseStaff',
    {
      config: write,
      schema: { tags, summary: "Staff of the case's NGO for the catching squad (active, and former members already on it)", body: CaseIdInputSchema, response: { 200: envelopeOf(z.array(CaseStaffMemberSchema)) } },
    },
    async (request) => ({ data: await cases.staff(actorOf(request), request.body.caseId) }),
  );

  r.post(
    '/api/case/getDirectoryChoices',
    {
      config: write,
      schema: { tags, summary: "What a case step's pickers offer in one NGO: its vets, active staff and latest reporters", body: DirectoryChoicesInputSchema, response: { 200: envelopeOf(DirectoryChoicesSchema) } },
    },
    async (request) => ({ data: await cases.directoryChoices(actorOf(request), request.body) }),
  );

  r.post(
    '/api/case/getWardSuggestions',
    { config: write, schema: { tags, summary: "Ward/zone names of the NGO's earlier cases, most used first (at most 20)", body: WardSuggestionsInputSchema, response: { 200: envelopeOf(z.array(z.string())) } } },
    async (request) => ({ data: await cases.wardSuggestions(actorOf(request), request.body) }),
  );

  r.post(
    '/api/case/getCaseTimeline',
    { config: read, schema: { tags, summary: 'Every change to the case, newest first, with old and new values, a page at a time', body: CaseTimelineInputSchema, response: { 200: CaseTimelineSchema } } },
    async (request, reply) => {
      // A kept page is shared by many requests: check, serialize and compress it once.
      const untyped: FastifyReply = reply;
      return sendOnce(request, untyped, CaseTimelineSchema, await cases.timeline(actorOf(request), request.body));
    },
  );

  // The daily post-operative log: any staff member adds a day; its author or a Manager and above changes or deletes it.
  r.post('/api/case/addPostOpDay', { config: saved, schema: { tags, body: AddPostOpDayInputSchema, response: { 200: envelopeOf(CaseSchema) } } }, async (request) => ({
    data: await cases.addPostOpDay(actorOf(request), request.body),
  }));
  r.post('/api/case/updatePostOpDay', { config: saved, schema: { tags, body: UpdatePostOpDayInputSchema, response: { 200: envelopeOf(CaseSchema) } } }, async (request) => ({
    data: await cases.updatePostOpDay(actorOf(request), request.body),
  }));
  r.post('/api/case/deletePostOpDay', { config: saved, schema: { tags, body: PostOpDayIdInputSchema, response: { 200: envelopeOf(CaseSchema) } } }, async (request) => ({
    data: await cases.deletePostOpDay(actorOf(request), request.body.id),
  }));

  // One save route per step of the step table: /api/case/updateReportingDetail, updateAnimalDetail, ...
  // A replay's Idempotency-Key is found by the save's own claim (updateStep reads nothing before it).
  const stepWrite = { ...saved, replayFromWrite: true };
  for (const step of CASE_STEP_TABLE) {
    // The vaccination and the operation steps also carry the stock used with them (docs/stock.md#stock-used-on-a-case).
    const body = (STOCK_USE_STEPS as readonly string[]).includes(step.key) ? CASE_STEP_INPUT_SCHEMAS[step.key].extend({ stockUses: StepStockUsesSchema.optional() }) : CASE_STEP_INPUT_SCHEMAS[step.key];
    r.post(`/api${step.path}`, { config: stepWrite, schema: { tags, body, response: { 200: envelopeOf(CaseSchema) } } }, async (request) => ({
      data: await cases.updateStep(actorOf(request), step.key, request.body),
    }));
  }
}

/** The case a replayed write is about: the one its stored answer holds (a create's, a day's), else the one its body names. */
function replayedCaseId({ body, answer }: ReplayedRequest): number | undefined {
  const answered = (answer as { data?: { id?: unknown } | null } | null)?.data?.id;
  if (typeof answered === 'number') return answered;
  const named = (body as { caseId?: unknown } | null)?.caseId;
  return typeof named === 'number' ? named : undefined;
}
