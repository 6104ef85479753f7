import { wallClockAt } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import { UnitOfWork } from '../../db/unit-of-work';
import { eventClock } from '../../lib/event-clock';
import { AuditRepository } from '../audit/audit.repository';
import type { ModuleDeps } from '../module-deps';
import { NgoRepository } from '../ngo/ngo.repository';
import { ReportRepository } from '../report/report.repository';
import { StockRepository } from './stock.repository';
import { stockRoutes } from './stock.routes';
import { StockService } from './stock.service';

export function registerStock(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const stock = new StockService(
    new UnitOfWork(db, (d) => ({ stock: new StockRepository(d), ngos: new NgoRepository(d), audit: new AuditRepository(d), reports: new ReportRepository(d) })),
    eventClock(config),
    () => wallClockAt(Date.now(), config.timeZone).date,
  );
  stockRoutes(app, { stock });
}
