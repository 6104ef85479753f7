import { SESSION_ENDED_HEADER, can, type Permission } from '@rescuedesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { SESSION_COOKIE, type AuthService } from './auth.service';

/** 'public': anyone; 'signedIn': any signed-in user; otherwise a permission of the shared table. */
export type RouteAccess = Permission | 'public' | 'signedIn';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Resolves the session before anything else runs (body parsing and validation included), then
 * applies the route's declared access. An /api route that declares nothing requires sign-in:
 * forgetting to declare fails closed.
 */
export function registerSessionGuard(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiUrl(request.url)) return;
    const session = await auth.authenticate(request.cookies[SESSION_COOKIE]);
    const endedFor = session && 'endedFor' in session ? session.endedFor : null;
    request.actor = session && !('endedFor' in session) ? session : null;
    // Told only to the holder of the ended session's cookie, once, whatever it asked for.
    if (endedFor) reply.header(SESSION_ENDED_HEADER, endedFor);
    const access = request.routeOptions.config.access ?? 'signedIn';
    if (access === 'public') return;
    if (!request.actor) {
      request.log.info({ event: 'access.unauthenticated', url: request.routeOptions.url, endedFor }, 'refused: not signed in');
      throw new UnauthorizedError();
    }
    if (access !== 'signedIn' && !can(request.actor.role, access)) {
      request.log.warn(
        { event: 'access.forbidden', userId: request.actor.id, role: request.actor.role, url: request.routeOptions.url },
        'refused: role not allowed',
      );
      throw new ForbiddenError();
    }
  });
}

/** The actor of a route that requires sign-in; the guard has already refused anyone else. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new UnauthorizedError();
  return request.actor;
}
