import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MESSAGES, tr } from '@rescuedesk/shared';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { AppError, NotFoundError, TooManyRequestsError, UnauthorizedError } from './errors';
import { multipartErrorFor } from './lib/multipart-errors';
import { formatIssues } from './lib/validation';
import { registerAuth } from './modules/auth/auth.module';
import { isApiUrl, type RouteAccess } from './modules/auth/session.guard';
import { registerCases } from './modules/case/case.module';
import { registerCitizenReports } from './modules/citizen-report/citizen-report.module';
import { registerCommittee } from './modules/committee/committee.module';
import { registerHealth } from './modules/health/health.module';
import { registerImages } from './modules/image/image.module';
import { registerMap } from './modules/map/map.module';
import type { ModuleDeps } from './modules/module-deps';
import { registerNgos } from './modules/ngo/ngo.module';
import { registerNotices } from './modules/notice/notice.module';
import { registerPrivacy } from './modules/privacy/privacy.module';
import { registerReporters } from './modules/reporter/reporter.module';
import { registerRuns } from './modules/run/run.module';
import { registerReports } from './modules/report/report.module';
import { registerSponsors } from './modules/sponsor/sponsor.module';
import { registerSurveys } from './modules/survey/survey.module';
import { registerStock } from './modules/stock/stock.module';
import { registerComplaintRegister } from './modules/complaint-register/complaint-register.module';
import { registerDuplicates } from './modules/duplicate/duplicate.module';
import { registerUsers } from './modules/user/user.module';
import { registerVets } from './modules/vet/vet.module';
import { registerSecurity } from './plugins/security';
import { registerDraining } from './plugins/draining';
import { registerLanguage } from './plugins/language';
import { registerIdempotency } from './plugins/idempotency';
import { openApiTransform } from './plugins/openapi';

/** One registered route and the access it declares; the generated permission tests read this. */
export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Tests pass false to keep their output quiet. */
  logger?: boolean;
}

/** Builds the whole server: plugins, error handling, services and routes. Listening is the caller's job. */
export async function buildApp({ config, database, logger = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        }
      : false,
    logController: new OneLineRequestLog(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: 60_000,
  });
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, access: route.config?.access });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every answer, errors included, speaks the language the request asks for (docs/decisions/008).
  await registerLanguage(app);
  // Before compression, so the answer is kept as the JSON text that was produced (docs/decisions/011).
  registerIdempotency(app, database.db);
  await registerSecurity(app, { hsts: config.cookieSecure, mapTileUrl: config.map.tileUrl });
  // Field workers are on slow mobile networks. Built web assets are compressed once at build time
  // (brotli and gzip) and sent as they are; the dashboard page is compressed once per kept answer
  // (lib/send-once.ts). Other answers are compressed on the fly from 8 kB, with gzip: below that,
  // compressing costs more server time than it saves a phone (docs/performance/2026-11-23.md).
  await app.register(compress, { threshold: 8 * 1024, encodings: ['gzip'] });
  await app.register(cookie);
  // Limits apply where a route asks for one (uploads); sign-in has its own failure-counting throttle.
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, parts: 11 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'RescueDesk API', description: 'Case management for animal-rescue NGOs.', version: '0.1.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'rd_session' } } },
      security: [{ session: [] }],
    },
    // Adds each route's error answers ({ message }), the upload's multipart body, and id, date and
    // time formats to what fastify-type-provider-zod generates from the route schemas.
    transform: openApiTransform,
  });
  // Documentation is for signed-in users: its routes sit under /api and the guard requires a session.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerDraining(app);
  registerErrorHandling(app);
  // Answers under /api carry personal data: no browser or proxy may keep them. (Hooks that run on
  // every request take a callback: an async hook costs a promise per request.)
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });

  // Every module is composed the same way: registerX builds its repositories, unit of work and
  // service from the same deps and registers its routes. Auth comes first: it installs the session
  // guard that every later route relies on.
  const deps: ModuleDeps = { db: database.db, config };
  const modules = [registerAuth, registerImages, registerUsers, registerNgos, registerVets, registerReporters, registerSponsors, registerCases, registerCitizenReports, registerNotices, registerRuns, registerMap, registerReports, registerCommittee, registerSurveys, registerStock, registerComplaintRegister, registerDuplicates, registerPrivacy, registerHealth];
  for (const register of modules) await register(app, deps);
  await serveWebApp(app, config.webDistDir);
  return app;
}

/**
 * One access line per request, written when it ends (method, path, address, status, time), instead
 * of Fastify's two (one when it arrives, one when it ends): each line cost about as much of the one
 * Node thread as reading the session. Errors keep their own line with the error.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: request.url, ip: request.ip, statusCode: reply.statusCode, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({ path: v.instancePath, message: v.message ?? 'is not valid' }));
      // A malformed record id (or what the browser fills in itself) is a broken request rather than a form to correct.
      const status = BROKEN_REQUEST_PATH.test(issues[0]?.path ?? '') ? 400 : 422;
      return reply.code(status).send({ message: formatIssues(issues) });
    }
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send({ message: error.message });
    }
    // A broken multipart body (no or wrong boundary, cut off, garbage) is the client's fault.
    const multipart = isMultipartRequest(request) ? multipartErrorFor(error) : undefined;
    if (multipart) return reply.code(multipart.statusCode).send({ message: multipart.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: clientErrorMessage(error) });
    }
    if (error.code === 'OBJECT_STORE_UNAVAILABLE') {
      // The image bucket is down, slow or refusing (modules/image/s3-image-store.ts): worth a retry.
      request.log.error({ err: { message: error.message } }, 'image storage unavailable');
      return reply.code(503).header('Retry-After', '5').send({ message: MESSAGES.serverError });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: { message: error.message, code: error.code } }, 'database unavailable');
      return reply.code(503).header('Retry-After', '5').send({ message: MESSAGES.databaseUnavailable });
    }
    if (isStorageFull(error)) {
      request.log.error({ err: { message: error.message, code: error.code } }, 'storage unavailable');
      return reply.code(507).send({ message: MESSAGES.storageUnavailable });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: MESSAGES.serverError });
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiUrl(request.url)) throw unknownApiRoute(request);
    return reply.code(404).type('text/plain').send('Not found');
  });
}

function isMultipartRequest(request: FastifyRequest): boolean {
  return /^\s*multipart\//i.test(request.headers['content-type'] ?? '');
}

/** An unknown API path: 401 to a stranger, 404 to a signed-in user. */
function unknownApiRoute(request: FastifyRequest): AppError {
  return request.actor ? new NotFoundError() : new UnauthorizedError();
}

/**
 * Fields that name a record, or that the browser fills in without the user (the charts' time zone): a
 * malformed value there is a broken request (400), not a form to fix (422).
 */
const BROKEN_REQUEST_PATH = /(^|\/)(id|caseId|ngoId|timeZone)$/;

const DATABASE_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004', 'SQLITE_BUSY']);

/** PostgreSQL down, restarting or unreachable (or SQLite locked past its timeout): worth a retry. */
function isDatabaseUnavailable(error: FastifyError): boolean {
  if (DATABASE_DOWN_CODES.has(String(error.code))) return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(error.message);
}

/** The disk is full or mounted read-only: writes cannot succeed until an operator acts. */
function isStorageFull(error: FastifyError): boolean {
  return ['ENOSPC', 'EROFS', 'EDQUOT', 'SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_IOERR'].some((code) => String(error.code).startsWith(code));
}

/** Fastify's own 4xx messages, reworded where they would puzzle a person. */
function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return tr('error.sendJson');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return tr('error.invalidJson');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return tr('error.bodyTooLarge');
    default:
      return error.message;
  }
}

/**
 * In production the server also serves the built web app: hashed assets with a long cache life,
 * and index.html for every other page path so deep links and reloads work. The service worker
 * (sw.js), the web app manifest and index.html are checked with the server on every visit
 * (no-cache), so a deploy reaches phones with the app installed (docs/decisions/012).
 */
const PUBLIC_PAGE_PATH = /^\/[rt]\/[^/?#]+\/?(\?|#|$)/;
const PUBLIC_PAGE_FILE = 'public-page.html';

async function serveWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex = (reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => sendIndex(reply));
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (isApiUrl(request.url)) throw unknownApiRoute(request);
    // A missing build asset (an old chunk after a deploy) must not be answered with the page.
    if (request.url.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    // The citizen's report and tracking pages are their own small page, not the staff app (docs/citizen-reports.md).
    if (PUBLIC_PAGE_PATH.test(request.url) && fs.existsSync(path.join(distDir, PUBLIC_PAGE_FILE))) {
      return reply.header('Cache-Control', 'no-cache').sendFile(PUBLIC_PAGE_FILE);
    }
    return sendIndex(reply);
  });
}
