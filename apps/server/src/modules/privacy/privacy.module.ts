import type { FastifyInstance } from 'fastify';
import { UnitOfWork } from '../../db/unit-of-work';
import { AuditRepository } from '../audit/audit.repository';
import { CaseRepository } from '../case/case.repository';
import type { ModuleDeps } from '../module-deps';
import { NgoRepository } from '../ngo/ngo.repository';
import { ReporterRepository } from '../reporter/reporter.repository';
import { AccessLogRepository } from './access-log.repository';
import { privacyRoutes } from './privacy.routes';
import { PrivacyService } from './privacy.service';

/** Revealing masked personal data, and the access log (docs/privacy.md). */
export function registerPrivacy(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const privacy = new PrivacyService(
    new UnitOfWork(db, (d) => ({ accessLog: new AccessLogRepository(d), cases: new CaseRepository(d), reporters: new ReporterRepository(d), ngos: new NgoRepository(d), audit: new AuditRepository(d) })),
    config.timeZone,
  );
  privacyRoutes(app, { privacy });
}
