import type { FastifyInstance } from 'fastify';
import { UnitOfWork } from '../../db/unit-of-work';
import { RateCounterRepository } from '../auth/rate-counter.repository';
import type { ModuleDeps } from '../module-deps';
import { caseReposOf } from '../case/case.module';
import { NoticeLinks } from '../notice/notice-link';
import { Altcha } from './altcha';
import { CitizenReportRepository } from './citizen-report.repository';
import { citizenReportRoutes } from './citizen-report.routes';
import { CitizenReportService } from './citizen-report.service';

/** The public report page, the tracking page and the staff's intake (issue 35, docs/citizen-reports.md). Registered after images and cases. */
export function registerCitizenReports(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const reports = new CitizenReportService(
    new UnitOfWork(db, (d) => ({
      ...caseReposOf(d),
      reports: new CitizenReportRepository(d),
      counters: new RateCounterRepository(d),
    })),
    { altcha: new Altcha(config.altcha), images: app.imageService, cases: app.caseService, timeZone: config.timeZone, links: new NoticeLinks(config.notices.linkKey, config.notices.publicUrl) },
  );
  citizenReportRoutes(app, { reports });
}
