import type { FastifyInstance } from 'fastify';
import { UnitOfWork } from '../../db/unit-of-work';
import type { ModuleDeps } from '../module-deps';
import { NgoRepository } from '../ngo/ngo.repository';
import { DuplicateRepository } from './duplicate.repository';
import { duplicateRoutes } from './duplicate.routes';
import { DuplicateService } from './duplicate.service';

export function registerDuplicates(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const duplicates = new DuplicateService(new UnitOfWork(db, (d) => ({ duplicates: new DuplicateRepository(d), ngos: new NgoRepository(d) })), config.timeZone);
  duplicateRoutes(app, { duplicates });
}
