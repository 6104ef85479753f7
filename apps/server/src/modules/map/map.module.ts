import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { NgoRepository } from '../ngo/ngo.repository';
import { MapRepository } from './map.repository';
import { mapRoutes } from './map.routes';
import { MapService } from './map.service';

export function registerMap(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const map = new MapService(new MapRepository(db), new NgoRepository(db), { tileUrl: config.map.tileUrl, attribution: config.map.tileAttribution }, config.timeZone);
  mapRoutes(app, { map });
}
