import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { AuditRepository } from '../audit/audit.repository';
import { ImageRepository } from '../image/image.repository';
import { NgoRepository } from '../ngo/ngo.repository';
import { CaseRepository } from './case.repository';
import { caseRoutes } from './case.routes';
import { CaseService } from './case.service';

export function registerCases(app: FastifyInstance, db: Kysely<DB>): void {
  const cases = new CaseService(
    new UnitOfWork(db, (d) => ({ cases: new CaseRepository(d), ngos: new NgoRepository(d), images: new ImageRepository(d), audit: new AuditRepository(d) })),
  );
  caseRoutes(app, { cases });
}
