import { MapSettingsSchema, MapViewInputSchema, MapViewSchema, envelopeOf } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/session.guard';
import type { MapService } from './map.service';

/** The map of open cases (docs/product.md#the-map): everyone who reads cases sees it. */
export function mapRoutes(app: FastifyInstance, { map }: { map: MapService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['map'];
  const read = { access: 'case.read' } as const;

  r.post(
    '/api/map/getMarkers',
    {
      config: read,
      schema: { tags, summary: "The viewport's open cases and new citizen reports, grouped on a grid for the zoom, with the dashboard's filters", body: MapViewInputSchema, response: { 200: envelopeOf(MapViewSchema) } },
    },
    async (request) => ({ data: await map.view(actorOf(request), request.body) }),
  );
  r.post(
    '/api/map/getSettings',
    { config: read, schema: { tags, summary: 'Where the map tiles come from, and their attribution', body: z.object({}).optional(), response: { 200: envelopeOf(MapSettingsSchema) } } },
    async (request) => ({ data: map.tileSettings(actorOf(request)) }),
  );
}
