import type { FastifyInstance } from 'fastify';
import { UnitOfWork } from '../../db/unit-of-work';
import { AuditRepository } from '../audit/audit.repository';
import type { ModuleDeps } from '../module-deps';
import { NgoRepository } from '../ngo/ngo.repository';
import { ComplaintRegisterRepository } from './complaint-register.repository';
import { complaintRegisterRoutes } from './complaint-register.routes';
import { ComplaintRegisterService } from './complaint-register.service';

export function registerComplaintRegister(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const register = new ComplaintRegisterService(new UnitOfWork(db, (d) => ({ register: new ComplaintRegisterRepository(d), ngos: new NgoRepository(d), audit: new AuditRepository(d) })), config.timeZone);
  complaintRegisterRoutes(app, { register });
}
