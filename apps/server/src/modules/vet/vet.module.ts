import type { FastifyInstance } from 'fastify';
import { UnitOfWork } from '../../db/unit-of-work';
import { AuditRepository } from '../audit/audit.repository';
import { ImageRepository } from '../image/image.repository';
import type { ModuleDeps } from '../module-deps';
import { NgoRepository } from '../ngo/ngo.repository';
import { VetRepository } from './vet.repository';
import { vetRoutes } from './vet.routes';
import { VetService } from './vet.service';

export function registerVets(app: FastifyInstance, { db }: ModuleDeps): void {
  const vets = new VetService(
    new UnitOfWork(db, (d) => ({ vets: new VetRepository(d), ngos: new NgoRepository(d), images: new ImageRepository(d), audit: new AuditRepository(d) })),
  );
  vetRoutes(app, { vets });
}
