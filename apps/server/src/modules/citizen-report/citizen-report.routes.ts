import {
  AcceptReportInputSchema,
  CitizenReportFieldsSchema,
  DeclineReportInputSchema,
  MergeReportInputSchema,
  IntakeListInputSchema,
  IntakeListSchema,
  IntakeReportSchema,
  CaseReportAdditionsInputSchema,
  CaseReportAdditionsSchema,
  MessageSchema,
  MAX_ADDITION_COMMENT,
  ReportAdditionFieldsSchema,
  MAX_REPORT_PHOTOS,
  MAX_REPORT_PHOTO_BYTES,
  PublicPageSchema,
  SubmittedReportSchema,
  TokenSchema,
  TrackingCodeInputSchema,
  TrackingSchema,
  envelopeOf,
  tr,
  type ReportAdditionFields,
} from '@rescuedesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, BadRequestError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../errors';
import { malformedMultipartMessage, multipartErrorFor } from '../../lib/multipart-errors';
import { formatZodError } from '../../lib/validation';
import { actorOf } from '../auth/session.guard';
import type { CitizenReportService, SubmittedPhoto } from './citizen-report.service';

// The public routes' refusals, for the OpenAPI document (the error handler sends each as { message }).
const NOT_FOUND = MessageSchema.describe('No such page (or it is switched off), or no such report');
const TOO_MANY = MessageSchema.describe('Too many reports or look-ups from this connection or this phone number');
const REFUSED = MessageSchema.describe('A field is missing or wrong, the proof of work did not pass, or too many photos');
const TOO_LARGE = MessageSchema.describe('A photo is larger than the limit');
const NOT_IMAGE = MessageSchema.describe('A photo is not an image, or the body is not multipart');
const SlugParams = z.object({ slug: z.string().max(100) });
const CLOSED = MessageSchema.describe('The report is closed (declined, or its case released, dead or deleted)');
const AdditionFormSchema = z.object({
  comment: z.string().max(MAX_ADDITION_COMMENT).optional(),
  photo: z.file().optional().describe(`One photo, at most ${MAX_REPORT_PHOTO_BYTES} bytes`),
  language: z.enum(['en', 'hi']).optional(),
  sendKey: z.string().optional().describe('8 to 100 letters, digits, - or _: the same key for the same content, so a resend is kept once'),
});
const ReportFormSchema = z.object({ ...CitizenReportFieldsSchema.shape, photo: z.file().describe(`Up to ${MAX_REPORT_PHOTOS} photos, each at most ${MAX_REPORT_PHOTO_BYTES} bytes`) });

export function citizenReportRoutes(app: FastifyInstance, { reports }: { reports: CitizenReportService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = { access: 'public' } as const;
  const tags = ['citizen'];

  r.get('/api/public/page/:slug', { config: open, schema: { tags, summary: "An NGO's public report page (404 when off or unknown)", params: SlugParams, response: { 200: envelopeOf(PublicPageSchema), 404: NOT_FOUND } } }, async (request) => ({
    data: await reports.page(request.params.slug),
  }));

  r.get(
    '/api/public/page/:slug/challenge',
    { config: open, schema: { tags, summary: 'A proof-of-work challenge for the report form (altcha)', params: SlugParams, response: { 200: z.looseObject({ parameters: z.looseObject({}) }), 404: NOT_FOUND } } },
    async (request) => (await reports.challenge(request.params.slug)) as unknown as { parameters: Record<string, unknown> },
  );

  r.post(
    '/api/public/page/:slug/report',
    {
      config: { ...open, multipartForm: ReportFormSchema },
      schema: { tags, summary: 'Send a report (multipart: the fields, altcha and up to 3 photos)', consumes: ['multipart/form-data'], params: SlugParams, response: { 200: envelopeOf(SubmittedReportSchema), 404: NOT_FOUND, 413: TOO_LARGE, 415: NOT_IMAGE, 422: REFUSED, 429: TOO_MANY } },
    },
    async (request) => {
      const { fields, photos } = await readReport(request);
      const parsed = CitizenReportFieldsSchema.safeParse(fields);
      if (!parsed.success) throw new ValidationError(formatZodError(parsed.error));
      const base = `${request.protocol}://${request.host}`;
      return { data: await reports.submit(request.params.slug, parsed.data, photos, request.ip, base) };
    },
  );

  r.post(
    '/api/public/page/:slug/track',
    { config: open, schema: { tags, summary: 'Follow a report by the code read out on the phone', params: SlugParams, body: TrackingCodeInputSchema, response: { 200: envelopeOf(TrackingSchema), 404: NOT_FOUND, 429: TOO_MANY } } },
    async (request) => ({ data: await reports.trackByCode(request.params.slug, request.body.code, request.ip) }),
  );

  r.get('/api/public/track/:token', { config: open, schema: { tags, summary: 'Follow a report by its tracking link', params: z.object({ token: z.string().max(100) }), response: { 200: envelopeOf(TrackingSchema), 404: NOT_FOUND } } }, async (request) => {
    const token = TokenSchema.safeParse(request.params.token);
    if (!token.success) throw new NotFoundError(tr('citizen.error.trackingNotFound'));
    return { data: await reports.track(token.data) };
  });

  const additionResponses = { 200: envelopeOf(TrackingSchema), 404: NOT_FOUND, 409: CLOSED, 413: TOO_LARGE, 415: NOT_IMAGE, 422: REFUSED, 429: TOO_MANY };
  r.post(
    '/api/public/track/:token/add',
    {
      config: { ...open, multipartForm: AdditionFormSchema },
      schema: { tags, summary: 'Add a comment or one photo to an open report, by its tracking link (multipart)', consumes: ['multipart/form-data'], params: z.object({ token: z.string().max(100) }), response: additionResponses },
    },
    async (request) => {
      const token = TokenSchema.safeParse(request.params.token);
      if (!token.success) throw new NotFoundError(tr('citizen.error.trackingNotFound'));
      const { fields, photo } = await readAddition(request);
      return { data: await reports.addByToken(token.data, fields, photo, request.ip) };
    },
  );
  r.post(
    '/api/public/page/:slug/track/add',
    {
      config: { ...open, multipartForm: AdditionFormSchema.extend({ code: z.string().max(20) }) },
      schema: { tags, summary: 'Add a comment or one photo to an open report, by its code (multipart; counts as a code look-up)', consumes: ['multipart/form-data'], params: SlugParams, response: additionResponses },
    },
    async (request) => {
      const { fields, photo } = await readAddition(request);
      return { data: await reports.addByCode(request.params.slug, fields, photo, request.ip) };
    },
  );

  const triage = { access: 'intake.triage' } as const;
  r.post('/api/intake/getCaseAdditions', { config: triage, schema: { tags, summary: "What reporters added to the public reports linked to a case", body: CaseReportAdditionsInputSchema, response: { 200: envelopeOf(CaseReportAdditionsSchema) } } }, async (request) => ({
    data: await reports.caseAdditions(actorOf(request), request.body.caseId),
  }));
  r.post('/api/intake/getReports', { config: triage, schema: { tags, body: IntakeListInputSchema, response: { 200: IntakeListSchema } } }, async (request) => reports.list(actorOf(request), request.body));
  r.post('/api/intake/acceptReport', { config: triage, schema: { tags, body: AcceptReportInputSchema, response: { 200: envelopeOf(IntakeReportSchema) } } }, async (request) => ({
    data: await reports.accept(actorOf(request), request.body),
  }));
  r.post('/api/intake/mergeReport', { config: triage, schema: { tags, summary: 'Links a report to an open case of the same animal instead of making another', body: MergeReportInputSchema, response: { 200: envelopeOf(IntakeReportSchema) } } }, async (request) => ({
    data: await reports.merge(actorOf(request), request.body),
  }));
  r.post('/api/intake/declineReport', { config: triage, schema: { tags, body: DeclineReportInputSchema, response: { 200: envelopeOf(IntakeReportSchema) } } }, async (request) => ({
    data: await reports.decline(actorOf(request), request.body),
  }));
}

/** An addition's comment (or code) and its one photo. */
async function readAddition(request: FastifyRequest): Promise<{ fields: ReportAdditionFields; photo: SubmittedPhoto | undefined }> {
  const { fields, photos } = await readReport(request, 1);
  const parsed = ReportAdditionFieldsSchema.safeParse(fields);
  if (!parsed.success) throw new ValidationError(formatZodError(parsed.error));
  return { fields: parsed.data, photo: photos[0] };
}

/** The form's text fields and its photos (each part named `photo`), refused early when too many or too large. */
async function readReport(request: FastifyRequest, maxPhotos = MAX_REPORT_PHOTOS): Promise<{ fields: Record<string, string>; photos: SubmittedPhoto[] }> {
  if (!request.isMultipart()) throw new UnsupportedMediaTypeError(tr('error.sendMultipart'));
  const fields: Record<string, string> = {};
  const photos: SubmittedPhoto[] = [];
  try {
    const parts = request.parts({ limits: { fileSize: MAX_REPORT_PHOTO_BYTES, files: maxPhotos + 1, fields: 20, parts: 25, fieldSize: 12 * 1024 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo') {
          part.file.resume();
          throw new ValidationError(tr('citizen.error.unexpectedFileField', { name: part.fieldname }));
        }
        if (photos.length === maxPhotos) {
          part.file.resume();
          throw new ValidationError(maxPhotos === 1 ? tr('citizen.error.onePhotoAtATime') : tr('citizen.error.tooManyPhotos', { max: maxPhotos }));
        }
        const data = await part.toBuffer();
        if (data.length > 0) photos.push({ data });
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(tr('citizen.error.photoTooLarge', { mb: MAX_REPORT_PHOTO_BYTES / 1024 / 1024 }));
    throw multipartErrorFor(err) ?? new BadRequestError(malformedMultipartMessage());
  }
  return { fields, photos };
}
