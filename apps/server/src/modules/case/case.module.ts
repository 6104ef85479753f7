import type { FastifyInstance } from 'fastify';
import { UnitOfWork } from '../../db/unit-of-work';
import { AuditRepository } from '../audit/audit.repository';
import { ImageRepository } from '../image/image.repository';
import type { ModuleDeps } from '../module-deps';
import { NgoRepository } from '../ngo/ngo.repository';
import { UserRepository } from '../user/user.repository';
import { VetRepository } from '../vet/vet.repository';
import { CaseRepository } from './case.repository';
import { caseRoutes } from './case.routes';
import { CaseService } from './case.service';
import { PostOpDayRepository } from './post-op-day.repository';

export function registerCases(app: FastifyInstance, { db }: ModuleDeps): void {
  const cases = new CaseService(
    new UnitOfWork(db, (d) => ({
      cases: new CaseRepository(d),
      postOpDays: new PostOpDayRepository(d),
      users: new UserRepository(d),
      vets: new VetRepository(d),
      ngos: new NgoRepository(d),
      images: new ImageRepository(d),
      audit: new AuditRepository(d),
    })),
  );
  caseRoutes(app, { cases });
}
