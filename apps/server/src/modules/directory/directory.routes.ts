import { IdInputSchema, ListInputSchema, envelopeOf, pageOf, type Permission } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { TenantTable } from '../../db/tenant-records';
import { actorOf } from '../auth/session.guard';
import type { DirectoryService } from './directory.service';

interface DirectoryRoutes<T extends TenantTable, Api extends { id: number }, Fields extends object> {
  /** 'Reporter' gives /api/reporter/getReporters, getReporterById, createReporter and updateReporter, as the spec's client calls them. */
  entity: string;
  access: Permission;
  schemas: { record: z.ZodType<Api>; create: z.ZodType<Fields>; update: z.ZodType<Partial<Fields> & { id: number }> };
  service: DirectoryService<T, Api, Fields>;
}

/** The four calls of a directory entity (reporters, vets, sponsors), each a thin route. */
export function directoryRoutes<T extends TenantTable, Api extends { id: number }, Fields extends object>(
  app: FastifyInstance,
  d: DirectoryRoutes<T, Api, Fields>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: d.access };
  const prefix = `/api/${d.entity.toLowerCase()}`;
  const tags = [d.entity.toLowerCase()];
  const { record } = d.schemas;

  r.post(`${prefix}/get${d.entity}s`, { config, schema: { tags, body: ListInputSchema, response: { 200: pageOf(record) } } }, async (request) =>
    d.service.list(actorOf(request), request.body),
  );
  r.post(`${prefix}/get${d.entity}ById`, { config, schema: { tags, body: IdInputSchema, response: { 200: envelopeOf(record) } } }, async (request) => ({
    data: await d.service.get(actorOf(request), request.body.id),
  }));
  r.post(`${prefix}/create${d.entity}`, { config, schema: { tags, body: d.schemas.create, response: { 200: envelopeOf(record) } } }, async (request) => ({
    data: await d.service.create(actorOf(request), request.body as Fields),
  }));
  r.post(`${prefix}/update${d.entity}`, { config, schema: { tags, body: d.schemas.update, response: { 200: envelopeOf(record) } } }, async (request) => ({
    data: await d.service.update(actorOf(request), request.body as Partial<Fields> & { id: number }),
  }));
}
