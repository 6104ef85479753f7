import { wallClockAt } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { eventClock } from '../../lib/event-clock';
import { AuditRepository } from '../audit/audit.repository';
import { ImageRepository } from '../image/image.repository';
import type { ModuleDeps } from '../module-deps';
import { NgoRepository } from '../ngo/ngo.repository';
import { ReporterRepository } from '../reporter/reporter.repository';
import { UserRepository } from '../user/user.repository';
import { VetRepository } from '../vet/vet.repository';
import { CaseRepository } from './case.repository';
import { caseRoutes } from './case.routes';
import { CaseService, type CaseRepos } from './case.service';
import { PostOpDayRepository } from './post-op-day.repository';
import { RunRepository } from '../run/run.repository';
import { SEARCH_INDEX_MERGE_INTERVAL_MS, SearchIndexMerger } from './search-index-merge';
import { NoticeQueue } from '../notice/notice-queue';
import { NoticeRepository } from '../notice/notice.repository';
import { StockRepository } from '../stock/stock.repository';

declare module 'fastify' {
  interface FastifyInstance {
    caseService: CaseService;
  }
}

export function registerCases(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const cases = new CaseService(new UnitOfWork(db, caseReposOf), eventClock(config), () => wallClockAt(Date.now(), config.timeZone).date);
  caseRoutes(app, { cases });
  // An accepted citizen report becomes a case through this same service (modules/citizen-report).
  app.decorate('caseService', cases);

  // SQLite's word index, merged step by step as the server writes (search-index-merge.ts); on
  // PostgreSQL a sweep finds nothing to merge. Closing ends a sweep after its current step.
  const merger = new SearchIndexMerger(db, app.log);
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void merger.sweep().catch((err: unknown) => app.log.error({ err }, 'case word index merge failed')), SEARCH_INDEX_MERGE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await merger.stop();
  });
}

/** The case workflow's repositories on a database or a transaction (also a run's: modules/run). */
export function caseReposOf(d: Kysely<DB>): CaseRepos {
  return {
    cases: new CaseRepository(d),
    postOpDays: new PostOpDayRepository(d),
    users: new UserRepository(d),
    vets: new VetRepository(d),
    reporters: new ReporterRepository(d),
    ngos: new NgoRepository(d),
    images: new ImageRepository(d),
    audit: new AuditRepository(d),
    runs: new RunRepository(d),
    notices: new NoticeQueue(new NoticeRepository(d)),
    stock: new StockRepository(d),
  };
}
