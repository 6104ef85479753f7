import { ComplaintRegisterInputSchema, ComplaintRegisterSchema, PickupTimesInputSchema, PickupTimesSchema, envelopeOf } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../auth/session.guard';
import { sendCsv } from '../report/report.routes';
import type { ComplaintRegisterService } from './complaint-register.service';

/** The complaint register (docs/citizen-reports.md#the-complaint-register) and the dashboard's pickup times. */
export function complaintRegisterRoutes(app: FastifyInstance, { register }: { register: ComplaintRegisterService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['report'];
  const access = { access: 'report.read' } as const;

  r.post(
    '/api/report/getComplaintRegister',
    { config: access, schema: { tags, summary: "A month's complaints (public reports and phone-ins) with their outcome and times", body: ComplaintRegisterInputSchema, response: { 200: envelopeOf(ComplaintRegisterSchema) } } },
    async (request) => ({ data: await register.register(actorOf(request), request.body) }),
  );
  r.post(
    '/api/report/getComplaintRegisterCsv',
    { config: access, schema: { tags, summary: "A month's complaint register as CSV", body: ComplaintRegisterInputSchema, produces: ['text/csv'] } },
    async (request, reply) => sendCsv(reply, await register.registerCsv(actorOf(request), request.body)),
  );
  r.post(
    '/api/report/getPickupTimes',
    { config: { access: 'dashboard' }, schema: { tags, summary: "This month's median and 90th percentile time from a complaint to the animal's pickup", body: PickupTimesInputSchema, response: { 200: envelopeOf(PickupTimesSchema) } } },
    async (request) => ({ data: await register.pickupTimes(actorOf(request), request.body) }),
  );
}
