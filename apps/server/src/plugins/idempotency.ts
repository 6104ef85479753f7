import { requestContext } from '@fastify/request-context';
import { tr } from '@rescuedesk/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { DuplicateRequestError, IdempotencyRepository, useIdempotencyClaimOf, type IdempotencyClaim } from '../db/idempotency';
import type { DB } from '../db/schema';
import { BadRequestError, ConflictError, ValidationError } from '../errors';
import type { Actor } from '../lib/actor';

declare module '@fastify/request-context' {
  interface RequestContextData {
    idempotency: IdempotencyClaim;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/**
 * Marks the 409s that mean "this key's first copy is being (or was just) saved: send the same key
 * again later for its answer", as opposed to a 409 refusal of the write itself (a day number or a
 * collar tag already taken), which the client must not retry.
 */
export const IN_PROGRESS_HEADER = 'Idempotent-In-Progress';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** A claim without an answer this young may still be running; older, it died after committing. */
const IN_FLIGHT_MS = 60_000;
const KEEP_KEYS_MS = 7 * 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Exactly-once writes (docs/decisions/011). A signed-in client may send any write with an
 * Idempotency-Key header (the offline outbox always does). The first time, the key is recorded in
 * the write's own transaction and the answer stored once sent; a replay of the same key gets the
 * stored answer without running again, marked `Idempotent-Replayed: true`.
 */
export function registerIdempotency(app: FastifyInstance, db: Kysely<DB>): void {
  const keys = new IdempotencyRepository(db);
  useIdempotencyClaimOf(() => requestContext.get('idempotency'));

  const claim = async (request: FastifyRequest, reply: FastifyReply, actor: Actor, header: string | string[]) => {
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new BadRequestError(tr('validation.idempotencyKey'));
    const route = `${request.method} ${request.routeOptions.url}`;
    const earlier = await keys.find(actor.id, header);
    if (earlier) {
      if (earlier.route !== route) throw new ValidationError(tr('error.idempotencyKeyReused'));
      if (earlier.status_code !== null && earlier.response !== null) {
        return reply.code(earlier.status_code).header('Idempotent-Replayed', 'true').type('application/json; charset=utf-8').send(earlier.response);
      }
      if (Date.now() - Date.parse(earlier.created_at) < IN_FLIGHT_MS) {
        reply.header(IN_PROGRESS_HEADER, 'true');
        throw new ConflictError(tr('error.requestInFlight'));
      }
      // Applied, but the server stopped before keeping the answer: say it is done.
      return reply.code(200).header('Idempotent-Replayed', 'true').send({ data: null });
    }
    request.requestContext.set('idempotency', { userId: actor.id, key: header, route, recorded: false });
    return undefined;
  };

  // Callback hooks, not async ones: they run on every request, and most requests carry no key.
  app.addHook('preHandler', (request, reply, done) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || request.method !== 'POST' || !request.actor) {
      done();
      return;
    }
    // A replay answers here (the handler never runs); otherwise the request goes on.
    claim(request, reply, request.actor, header).then((answered) => {
      if (!answered) done();
    }, done);
  });

  // Two copies raced and the other one committed first: its answer is there for the next attempt.
  app.addHook('onError', (_request, reply, error, done) => {
    if (error instanceof DuplicateRequestError) reply.header(IN_PROGRESS_HEADER, 'true');
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const claimed = request.requestContext.get('idempotency');
    if (!claimed?.recorded || reply.statusCode >= 500 || typeof payload !== 'string') {
      done(null, payload);
      return;
    }
    keys.storeAnswer(claimed.userId, claimed.key, reply.statusCode, payload).then(() => done(null, payload), done);
  });

  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep = setInterval(() => void keys.deleteOlderThan(new Date(Date.now() - KEEP_KEYS_MS).toISOString()).catch((err) => app.log.error({ err }, 'idempotency key sweep failed')), SWEEP_EVERY_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
}
