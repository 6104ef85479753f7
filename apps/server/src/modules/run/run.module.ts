import type { FastifyInstance } from 'fastify';
import { UnitOfWork } from '../../db/unit-of-work';
import { eventClock } from '../../lib/event-clock';
import { caseReposOf } from '../case/case.module';
import { CaseService } from '../case/case.service';
import type { ModuleDeps } from '../module-deps';
import { RunRepository } from './run.repository';
import { runRoutes } from './run.routes';
import { RunService } from './run.service';

export function registerRuns(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const uow = new UnitOfWork(db, (d) => ({ ...caseReposOf(d), runs: new RunRepository(d) }));
  // The case service's rules and audit, run inside a mark's own transaction (RunService.markStop).
  const cases = new CaseService(uow, eventClock(config));
  runRoutes(app, { runs: new RunService(uow, cases) });
}
