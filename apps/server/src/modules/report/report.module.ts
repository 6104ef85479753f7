import type { FastifyInstance } from 'fastify';
import { UnitOfWork } from '../../db/unit-of-work';
import { AuditRepository } from '../audit/audit.repository';
import { CommitteeRepository } from '../committee/committee.repository';
import { CaseRepository } from '../case/case.repository';
import type { ModuleDeps } from '../module-deps';
import { NgoRepository } from '../ngo/ngo.repository';
import { AccessLogRepository } from '../privacy/access-log.repository';
import { SponsorRepository } from '../sponsor/sponsor.repository';
import { StockRepository } from '../stock/stock.repository';
import { SurveyRepository } from '../survey/survey.repository';
import { ExportRepository } from './export.repository';
import { ExportService } from './export.service';
import { ReportRepository } from './report.repository';
import { reportRoutes } from './report.routes';
import { ReportService } from './report.service';

declare module 'fastify' {
  interface FastifyInstance {
    reportService: ReportService;
  }
}

/** Reports, charts and CSV exports (docs/reports.md). Registered after the image module, whose service prints the NGO's logo. */
export function registerReports(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const reports = new ReportService(
    new UnitOfWork(db, (d) => ({ reports: new ReportRepository(d), exports: new ExportRepository(d), ngos: new NgoRepository(d), sponsors: new SponsorRepository(d), surveys: new SurveyRepository(d), audit: new AuditRepository(d), committee: new CommitteeRepository(d), stock: new StockRepository(d) })),
    app.imageService,
    config.timeZone,
  );
  const exports = new ExportService(
    new UnitOfWork(db, (d) => ({ cases: new CaseRepository(d), exports: new ExportRepository(d), ngos: new NgoRepository(d), audit: new AuditRepository(d), accessLog: new AccessLogRepository(d) })),
    config.timeZone,
  );
  reportRoutes(app, { reports, exports });
  // The committee's signing reads the month's report as this service computes it.
  app.decorate('reportService', reports);
}
