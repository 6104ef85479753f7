import type { FastifyInstance } from 'fastify';
import { UnitOfWork } from '../../db/unit-of-work';
import { AuditRepository } from '../audit/audit.repository';
import { ImageRepository } from '../image/image.repository';
import type { ModuleDeps } from '../module-deps';
import { NgoRepository } from './ngo.repository';
import { ngoRoutes } from './ngo.routes';
import { NgoService } from './ngo.service';

export function registerNgos(app: FastifyInstance, { db }: ModuleDeps): void {
  const ngos = new NgoService(new UnitOfWork(db, (d) => ({ ngos: new NgoRepository(d), images: new ImageRepository(d), audit: new AuditRepository(d) })));
  ngoRoutes(app, { ngos });
}
