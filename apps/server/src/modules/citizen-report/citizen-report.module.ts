import type { FastifyInstance } from 'fastify';
import { UnitOfWork } from '../../db/unit-of-work';
import { AuditRepository } from '../audit/audit.repository';
import { RateCounterRepository } from '../auth/rate-counter.repository';
import type { ModuleDeps } from '../module-deps';
import { NgoRepository } from '../ngo/ngo.repository';
import { ReporterRepository } from '../reporter/reporter.repository';
import { Altcha } from './altcha';
import { CitizenReportRepository } from './citizen-report.repository';
import { citizenReportRoutes } from './citizen-report.routes';
import { CitizenReportService } from './citizen-report.service';

/** The public report page, the tracking page and the staff's intake (issue 35, docs/citizen-reports.md). Registered after images and cases. */
export function registerCitizenReports(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const reports = new CitizenReportService(
    new UnitOfWork(db, (d) => ({
      reports: new CitizenReportRepository(d),
      ngos: new NgoRepository(d),
      reporters: new ReporterRepository(d),
      counters: new RateCounterRepository(d),
      audit: new AuditRepository(d),
    })),
    { altcha: new Altcha(config.altcha), images: app.imageService, cases: app.caseService, timeZone: config.timeZone },
  );
  citizenReportRoutes(app, { reports });
}
