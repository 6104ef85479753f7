import type { FastifyInstance } from 'fastify';
import { UnitOfWork } from '../../db/unit-of-work';
import { AuditRepository } from '../audit/audit.repository';
import type { ModuleDeps } from '../module-deps';
import { CommitteeRepository } from './committee.repository';
import { committeeRoutes } from './committee.routes';
import { CommitteeService } from './committee.service';

/** The monitoring committee's signatures (docs/reports.md#signing-the-monthly-report). Registered after the reports module, whose service computes the month. */
export function registerCommittee(app: FastifyInstance, { db }: ModuleDeps): void {
  const committee = new CommitteeService(new UnitOfWork(db, (d) => ({ committee: new CommitteeRepository(d), audit: new AuditRepository(d) })), app.reportService);
  committeeRoutes(app, { committee });
}
