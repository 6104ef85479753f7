import { MessageSchema, StopNoticesParamsSchema } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from './notice-signature';
import type { NoticeService } from './notice.service';

const tags = ['citizen'];
const open = { access: 'public' } as const;

export function noticeRoutes(app: FastifyInstance, { notices }: { notices: NoticeService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/public/track/:token/stopNotices',
    {
      config: open,
      schema: { tags, summary: "Stop a report's notices (the tracking page's link)", params: StopNoticesParamsSchema, response: { 200: z.object({ data: z.object({ stopped: z.literal(true) }) }), 404: MessageSchema.describe('No such report') } },
    },
    async (request) => {
      await notices.stopByToken(request.params.token);
      return { data: { stopped: true as const } };
    },
  );

  r.get(
    '/api/public/notices/whatsapp',
    {
      config: open,
      schema: {
        tags,
        summary: "WhatsApp's subscription check of the replies webhook: answers hub.challenge when hub.verify_token is WHATSAPP_VERIFY_TOKEN",
        querystring: z.object({ 'hub.mode': z.string().max(50).optional(), 'hub.verify_token': z.string().max(200).optional(), 'hub.challenge': z.string().max(200).optional() }),
        response: { 200: z.string(), 401: MessageSchema.describe('The verify token is wrong'), 404: MessageSchema.describe('WhatsApp replies are not set up on this server') },
      },
    },
    async (request, reply) => reply.type('text/plain').send(notices.whatsappSubscription(request.query['hub.mode'], request.query['hub.verify_token'], request.query['hub.challenge'])),
  );

  // The provider's reply is checked against its signature over the exact bytes sent, so this route
  // keeps its JSON body as text (a content parser of its own, in its own plugin context).
  void app.register(async (child) => {
    child.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
    child.withTypeProvider<ZodTypeProvider>().post(
      '/api/public/notices/inbound',
      {
        config: open,
        schema: {
          tags,
          summary: 'A messaging provider forwards a reply (STOP ends notices for that phone), signed with NOTICE_INBOUND_SECRET',
          headers: z.looseObject({ [SIGNATURE_HEADER]: z.string().max(200).optional(), [TIMESTAMP_HEADER]: z.string().max(20).optional() }),
          response: {
            200: z.object({ data: z.object({ stopped: z.number() }) }),
            401: MessageSchema.describe('The signature is missing, wrong or too old'),
            404: MessageSchema.describe('Inbound replies are not set up on this server'),
            422: MessageSchema.describe('The body is not a reply: { from, text }'),
          },
        },
      },
      async (request) => {
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        return { data: await notices.inboundReply(typeof request.body === 'string' ? request.body : '', { signature: header(SIGNATURE_HEADER), timestamp: header(TIMESTAMP_HEADER) }) };
      },
    );

    // WhatsApp's own webhook of replies (Meta signs the raw body with the app's secret).
    child.withTypeProvider<ZodTypeProvider>().post(
      '/api/public/notices/whatsapp',
      {
        config: open,
        schema: {
          tags,
          summary: "WhatsApp's webhook of incoming messages (a STOP ends notices for its sender), signed with WHATSAPP_APP_SECRET",
          headers: z.looseObject({ 'x-hub-signature-256': z.string().max(200).optional() }),
          response: {
            200: z.object({ data: z.object({ stopped: z.number() }) }),
            401: MessageSchema.describe('The signature is missing or wrong'),
            404: MessageSchema.describe('WhatsApp replies are not set up on this server'),
            422: MessageSchema.describe('The body is not JSON'),
          },
        },
      },
      async (request) => {
        const signature = request.headers['x-hub-signature-256'];
        return { data: await notices.whatsappReply(typeof request.body === 'string' ? request.body : '', typeof signature === 'string' ? signature : undefined) };
      },
    );
  });
}
