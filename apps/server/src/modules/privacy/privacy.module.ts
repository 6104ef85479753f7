import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { AuditRepository } from '../audit/audit.repository';
import { CaseRepository } from '../case/case.repository';
import type { ModuleDeps } from '../module-deps';
import { NgoRepository } from '../ngo/ngo.repository';
import { ReporterRepository } from '../reporter/reporter.repository';
import { AccessLogRepository } from './access-log.repository';
import { localDateTime } from '../report/csv';
import { BreachRepository } from './breach.repository';
import { breachRoutes } from './breach.routes';
import { BreachService } from './breach.service';
import { DataRequestRepository } from './data-request.repository';
import { dataRequestRoutes } from './data-request.routes';
import { DataRequestService } from './data-request.service';
import { IdentityImageRepository } from './identity-images.repository';
import { ReportCommentRepository } from './report-comments.repository';
import { privacyRoutes } from './privacy.routes';
import { PrivacyService } from './privacy.service';
import { RetentionRepository } from './retention.repository';
import { retentionRoutes } from './retention.routes';
import { RetentionService } from './retention.service';

/** The repositories of a retention run, in one transaction (the tests build the job with them too). */
export function retentionUnitOfWork(db: Kysely<DB>) {
  return new UnitOfWork(db, (d) => ({ retention: new RetentionRepository(d), ngos: new NgoRepository(d), audit: new AuditRepository(d), identity: new IdentityImageRepository(d), comments: new ReportCommentRepository(d) }));
}

/** How often an instance looks for NGOs whose retention run of the day no instance has made yet. */
const RETENTION_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Revealing masked personal data, the access log, and the retention of reporters' data
 * (docs/privacy.md). The retention job runs at start and then hourly; each NGO's run of a day is
 * claimed once across instances, so the checks after the first of the day find nothing to do.
 * Tests call the job themselves with a clock of their own.
 */
export function registerPrivacy(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const privacy = new PrivacyService(
    new UnitOfWork(db, (d) => ({ accessLog: new AccessLogRepository(d), cases: new CaseRepository(d), reporters: new ReporterRepository(d), ngos: new NgoRepository(d), audit: new AuditRepository(d) })),
    config.timeZone,
  );
  privacyRoutes(app, { privacy });

  // A reporter's identity documents emptied by retention or an erasure leave the store through the image service.
  const retention = new RetentionService(
    retentionUnitOfWork(db),
    config.timeZone,
    app.imageService,
  );
  retentionRoutes(app, { retention });
  const requests = new DataRequestService(
    new UnitOfWork(db, (d) => ({ requests: new DataRequestRepository(d), ngos: new NgoRepository(d), audit: new AuditRepository(d), accessLog: new AccessLogRepository(d), identity: new IdentityImageRepository(d), comments: new ReportCommentRepository(d) })),
    (now) => retention.dayOf(now),
    app.imageService,
  );
  dataRequestRoutes(app, { requests });
  const local = localDateTime(config.timeZone);
  const breaches = new BreachService(
    new UnitOfWork(db, (d) => ({ breaches: new BreachRepository(d), ngos: new NgoRepository(d), audit: new AuditRepository(d) })),
    (instant) => `${local(instant) ?? instant} (${config.timeZone})`,
  );
  breachRoutes(app, { breaches });
  if (config.env === 'test') return;
  const runRetention = () => retention.runDaily(new Date(), (err) => app.log.error({ err }, 'retention run failed'));
  let timer: NodeJS.Timeout | undefined;
  const check = () => void runRetention().catch((err) => app.log.error({ err }, 'retention run failed'));
  // The first check runs beside the server, not before it listens: a first run over a large backlog
  // (a big import, a period shortened) may take longer than the start may wait, and the server must
  // answer meanwhile. A run stopped by a shutdown rolls back with its claim, and the next start tries again.
  app.addHook('onReady', async () => {
    check();
    timer = setInterval(check, RETENTION_CHECK_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
