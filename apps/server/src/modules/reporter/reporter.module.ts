import type { FastifyInstance } from 'fastify';
import { UnitOfWork } from '../../db/unit-of-work';
import { AuditRepository } from '../audit/audit.repository';
import { ImageRepository } from '../image/image.repository';
import type { ModuleDeps } from '../module-deps';
import { NgoRepository } from '../ngo/ngo.repository';
import { ReporterRepository } from './reporter.repository';
import { reporterRoutes } from './reporter.routes';
import { ReporterService } from './reporter.service';

export function registerReporters(app: FastifyInstance, { db }: ModuleDeps): void {
  const reporters = new ReporterService(
    new UnitOfWork(db, (d) => ({ reporters: new ReporterRepository(d), ngos: new NgoRepository(d), images: new ImageRepository(d), audit: new AuditRepository(d) })),
  );
  reporterRoutes(app, { reporters });
}
