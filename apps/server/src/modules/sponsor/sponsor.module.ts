import type { FastifyInstance } from 'fastify';
import { UnitOfWork } from '../../db/unit-of-work';
import { AuditRepository } from '../audit/audit.repository';
import { ImageRepository } from '../image/image.repository';
import type { ModuleDeps } from '../module-deps';
import { NgoRepository } from '../ngo/ngo.repository';
import { SponsorRepository } from './sponsor.repository';
import { sponsorRoutes } from './sponsor.routes';
import { SponsorService } from './sponsor.service';

export function registerSponsors(app: FastifyInstance, { db }: ModuleDeps): void {
  const sponsors = new SponsorService(
    new UnitOfWork(db, (d) => ({ sponsors: new SponsorRepository(d), ngos: new NgoRepository(d), images: new ImageRepository(d), audit: new AuditRepository(d) })),
  );
  sponsorRoutes(app, { sponsors });
}
