import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { HealthRepository } from './health.repository';
import { healthRoutes } from './health.routes';

/** The health check reads the draining state that plugins/draining.ts keeps. */
export function registerHealth(app: FastifyInstance, { db }: ModuleDeps): void {
  healthRoutes(app, { health: new HealthRepository(db), draining: () => app.drain.active });
}
