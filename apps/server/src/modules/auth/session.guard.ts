import { SESSION_ENDED_HEADER, can, tr, type Me, type Permission } from '@rescuedesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { MADE_AT_HEADER, madeAtOf } from '../../lib/made-at';
import { SESSION_COOKIE, type AuthService } from './auth.service';

/** 'public': anyone; 'signedIn': any signed-in user; otherwise a permission of the shared table. */
export type RouteAccess = Permission | 'public' | 'signedIn';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** The signed-in user's own account, read with the session (what `me` answers); null when nobody is signed in. */
    account: Me | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Answers someone past their date to set up two-factor sign-in (the set-up itself); every other route refuses them. */
    twoFactorSetup?: boolean;
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
export function registerSessionGuard(app: FastifyInstance, auth: AuthService, { clockSkewMinutes }: { clockSkewMinutes: number }): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiUrl(request.url)) return;
    const session = await auth.authenticate(request.cookies[SESSION_COOKIE]);
    const endedFor = session && 'endedFor' in session ? session.endedFor : null;
    const signedIn = session && !('endedFor' in session) ? session : null;
    request.actor = signedIn?.actor ?? null;
    request.account = signedIn?.me ?? null;
    // Told only to the holder of the ended session's cookie, once, whatever it asked for.
    if (endedFor) reply.header(SESSION_ENDED_HEADER, endedFor);
    const access = request.routeOptions.config.access ?? 'signedIn';
    if (access === 'public') return;
    if (!request.actor) {
      request.log.info({ event: 'access.unauthenticated', url: request.routeOptions.url, endedFor }, 'refused: not signed in');
      throw new UnauthorizedError();
    }
    // Past the date to set up two-factor sign-in: only the set-up answers (docs/decisions/028).
    if (signedIn?.twoFactorOverdue && !request.routeOptions.config.twoFactorSetup) {
      request.log.info({ event: 'access.twoFactorOverdue', userId: request.actor.id, url: request.routeOptions.url }, 'refused: two-factor set-up overdue');
      throw new ForbiddenError(tr('auth.twoFactor.setupRequired'));
    }
    if (access !== 'signedIn' && !can(request.actor.role, access)) {
      request.log.warn(
        { event: 'access.forbidden', userId: request.actor.id, role: request.actor.role, url: request.routeOptions.url },
        'refused: role not allowed',
      );
      throw new ForbiddenError();
    }
    // A write sent later by the device's outbox says when it was made there; the audit log keeps both times.
    if (request.method === 'POST' && request.headers[MADE_AT_HEADER] !== undefined) {
      const madeAt = madeAtOf(request.headers[MADE_AT_HEADER], Date.now(), clockSkewMinutes);
      if (madeAt === 'malformed') throw new BadRequestError(tr('error.madeAtMalformed'));
      request.actor = { ...request.actor, madeAt };
    }
  });
}

/** The actor of a route that requires sign-in; the guard has already refused anyone else. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new UnauthorizedError();
  return request.actor;
}
