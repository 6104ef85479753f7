import type { FastifyInstance } from 'fastify';
import { UnitOfWork } from '../../db/unit-of-work';
import { AuditRepository } from '../audit/audit.repository';
import { SessionRepository } from '../auth/session.repository';
import { ImageRepository } from '../image/image.repository';
import type { ModuleDeps } from '../module-deps';
import { NgoRepository } from '../ngo/ngo.repository';
import { UserRepository } from './user.repository';
import { userRoutes } from './user.routes';
import { UserService } from './user.service';

export function registerUsers(app: FastifyInstance, { db }: ModuleDeps): void {
  const users = new UserService(
    new UnitOfWork(db, (d) => ({
      users: new UserRepository(d),
      ngos: new NgoRepository(d),
      sessions: new SessionRepository(d),
      images: new ImageRepository(d),
      audit: new AuditRepository(d),
    })),
  );
  userRoutes(app, { users });
}
