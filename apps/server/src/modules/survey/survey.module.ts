import type { FastifyInstance } from 'fastify';
import { UnitOfWork } from '../../db/unit-of-work';
import { AuditRepository } from '../audit/audit.repository';
import { ImageRepository } from '../image/image.repository';
import type { ModuleDeps } from '../module-deps';
import { NgoRepository } from '../ngo/ngo.repository';
import { SurveyRepository } from './survey.repository';
import { surveyRoutes } from './survey.routes';
import { SurveyService } from './survey.service';

export function registerSurveys(app: FastifyInstance, { db }: ModuleDeps): void {
  const surveys = new SurveyService(
    new UnitOfWork(db, (d) => ({ surveys: new SurveyRepository(d), ngos: new NgoRepository(d), images: new ImageRepository(d), audit: new AuditRepository(d) })),
  );
  surveyRoutes(app, { surveys });
}
