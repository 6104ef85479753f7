import {
  CreateReporterInputSchema,
  CreateSponsorInputSchema,
  CreateVetInputSchema,
  ReporterSchema,
  SponsorSchema,
  UpdateReporterInputSchema,
  UpdateSponsorInputSchema,
  UpdateVetInputSchema,
  VetSchema,
} from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { TenantRecords, TenantTable } from '../../db/tenant-records';
import { UnitOfWork } from '../../db/unit-of-work';
import { AuditRepository } from '../audit/audit.repository';
import { ImageRepository } from '../image/image.repository';
import { NgoRepository } from '../ngo/ngo.repository';
import { reporterDefinition } from '../reporter/reporter.definition';
import { ReporterRepository } from '../reporter/reporter.repository';
import { sponsorDefinition } from '../sponsor/sponsor.definition';
import { SponsorRepository } from '../sponsor/sponsor.repository';
import { vetDefinition } from '../vet/vet.definition';
import { VetRepository } from '../vet/vet.repository';
import { directoryRoutes } from './directory.routes';
import { DirectoryService } from './directory.service';

/** Wires reporters, vets and sponsors: one repository, definition and set of routes each. */
export function registerDirectory(app: FastifyInstance, db: Kysely<DB>): void {
  const service = <T extends TenantTable>(records: (d: Kysely<DB>) => TenantRecords<T>) =>
    new UnitOfWork(db, (d) => ({ records: records(d), ngos: new NgoRepository(d), images: new ImageRepository(d), audit: new AuditRepository(d) }));

  directoryRoutes(app, {
    entity: 'Reporter',
    access: 'reporter.manage',
    schemas: { record: ReporterSchema, create: CreateReporterInputSchema, update: UpdateReporterInputSchema },
    service: new DirectoryService(service((d) => new ReporterRepository(d)), reporterDefinition),
  });
  directoryRoutes(app, {
    entity: 'Vet',
    access: 'vet.manage',
    schemas: { record: VetSchema, create: CreateVetInputSchema, update: UpdateVetInputSchema },
    service: new DirectoryService(service((d) => new VetRepository(d)), vetDefinition),
  });
  directoryRoutes(app, {
    entity: 'Sponsor',
    access: 'sponsor.manage',
    schemas: { record: SponsorSchema, create: CreateSponsorInputSchema, update: UpdateSponsorInputSchema },
    service: new DirectoryService(service((d) => new SponsorRepository(d)), sponsorDefinition),
  });
}
