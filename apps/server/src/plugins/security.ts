import type { IncomingMessage, ServerResponse } from 'node:http';
import { tr } from '@rescuedesk/shared';
import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError, ForbiddenError, UnsupportedMediaTypeError } from '../errors';
import { isApiUrl } from '../modules/auth/session.guard';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Browser-facing defences: security headers with a Content-Security-Policy that allows no inline
 * script, and a same-origin check on every state-changing API call (CSRF).
 */
export async function registerSecurity(app: FastifyInstance, options: { hsts: boolean; mapTileUrl: string }): Promise<void> {
  const tiles = tileOrigins(options.mapTileUrl);
  // One helmet middleware, built once: @fastify/helmet builds a new one (parsing the CSP again) on
  // every request, which cost more than the database work of a dashboard page.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its theme variables into a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The capture and release map preview's OpenStreetMap tiles (issue 16) and the map's own
        // tile server (MAP_TILE_URL), and nothing else from outside.
        imgSrc: ["'self'", 'data:', 'blob:', ...new Set(tiles)],
        fontSrc: ["'self'", 'data:'],
        // The service worker fetches the map's tiles to keep them (docs/product.md#the-map).
        connectSrc: ["'self'", ...tiles.slice(1)],
        // The installable app (docs/decisions/012): its service worker and manifest, from this origin only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    hsts: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  const headers = headersSetBy(securityHeaders);

  // The headers, and the same-origin check of every state-changing API call (before the session is
  // read and the body parsed). A callback hook, not an async one: it runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (UNSAFE_METHODS.has(request.method) && isApiUrl(request.url) && !isSameOrigin(request)) {
      request.log.warn({ event: 'access.cross-site', url: request.url }, 'refused: cross-site request');
      done(new ForbiddenError(tr('error.crossSite')));
      return;
    }
    done();
  });

  // Only JSON and multipart bodies are accepted: a cross-site form or text/plain post gets 415.
  app.removeContentTypeParser('text/plain');

  app.addHook('preValidation', (request, _reply, done) => {
    // A multipart body is read only by the routes that declare they consume one (uploads); any other
    // route takes JSON, so a form there is the wrong kind of body, well formed or not.
    if (isMultipartBody(request) && !request.routeOptions.schema?.consumes?.includes('multipart/form-data')) {
      done(new UnsupportedMediaTypeError(tr('error.sendJson')));
      return;
    }
    // PostgreSQL cannot store a NUL character in text, and no form has a reason to send one.
    if (containsNul(request.body)) {
      done(new BadRequestError(tr('error.nulCharacters')));
      return;
    }
    done();
  });
}

/**
 * Where tiles come from: OpenStreetMap's server (the capture map preview) first, then MAP_TILE_URL's
 * origin, a `{s}` subdomain written as a wildcard. Only the second is fetched by the service worker.
 */
function tileOrigins(tileUrl: string): string[] {
  const origin = /^https?:\/\/[^/]+/.exec(tileUrl)?.[0].replace('{s}', '*');
  return origin ? ['https://tile.openstreetmap.org', origin] : ['https://tile.openstreetmap.org'];
}

/**
 * The headers a helmet middleware sets, read once: with no per-request directive (no nonce) they
 * are the same for every answer, and setting them from a list costs less than running helmet's
 * twelve middlewares on each request.
 */
function headersSetBy(middleware: ReturnType<typeof helmet>): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  let finished = false;
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  // Only the two methods above are used by helmet's middlewares; the casts say so to the types.
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers at once');
  return headers;
}

/**
 * Browsers say where a request comes from: Sec-Fetch-Site on current ones, Origin on every
 * cross-origin POST. When Sec-Fetch-Site is present it decides ('same-origin', or 'none' for what
 * the user started). Otherwise Origin must equal this server's origin: scheme, host and port (the
 * scheme and host a proxy reports count only with TRUST_PROXY). A request with neither header is
 * not from a browser page (curl, a script): it carries no ambient cookie from another site, so it
 * passes. docs/security.md states the same rules.
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return true;
  try {
    // Compared as URL origins, so that a default port written out (':80', ':443') still matches.
    return new URL(origin).origin === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
}

function isMultipartBody(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && /^\s*multipart\/form-data\b/i.test(type);
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner, depth + 1));
}
