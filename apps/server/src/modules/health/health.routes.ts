import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HealthRepository } from './health.repository';

const HealthSchema = z.object({ data: z.object({ status: z.enum(['ok', 'degraded', 'draining']), database: z.enum(['up', 'down']) }) });

/** For load balancers and the test harness: is the process up, and can it reach its database? */
export function healthRoutes(app: FastifyInstance, { health, draining }: { health: HealthRepository; draining: () => boolean }): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: HealthSchema, 503: HealthSchema.describe('The server is draining before it stops, or cannot reach its database.') } } },
    async (_request, reply) => {
      const up = await health.ping();
      const status = draining() ? 'draining' : up ? 'ok' : 'degraded';
      return reply.code(status === 'ok' ? 200 : 503).send({ data: { status, database: up ? 'up' : 'down' } });
    },
  );
}
