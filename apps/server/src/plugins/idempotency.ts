import { requestContext } from '@fastify/request-context';
import { tr } from '@rescuedesk/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { DuplicateRequestError, IdempotencyRepository, useIdempotencyClaimOf, type IdempotencyClaim, type StoredAnswer } from '../db/idempotency';
import type { DB } from '../db/schema';
import { AppError, BadRequestError, ConflictError, ValidationError } from '../errors';
import type { Actor } from '../lib/actor';

declare module '@fastify/request-context' {
  interface RequestContextData {
    idempotency: IdempotencyClaim;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A replay of this route is found by its write's own claim of the key instead of a look-up
     * before the handler, one round trip less a write (docs/performance.md, "PostgreSQL: a write's
     * round trips"). Only for handlers that run nothing but reads before their first transaction:
     * a replay runs them, then its claim meets the recorded key, the transaction rolls back, and
     * the replay is answered as a look-up would have answered it.
     */
    replayFromWrite?: boolean;
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
const JSON_TYPE = 'application/json; charset=utf-8';
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
/** A key recorded but not answered yet, its first copy maybe still running: send it again later. */
class InFlightError extends ConflictError {
  constructor() {
    super(tr('error.requestInFlight'));
  }
}

export function registerIdempotency(app: FastifyInstance, db: Kysely<DB>): void {
  const keys = new IdempotencyRepository(db);
  useIdempotencyClaimOf(() => requestContext.get('idempotency'));

  /** How a key already recorded is answered: its stored answer, or an error. */
  const replayOf = (earlier: StoredAnswer, route: string): { statusCode: number; body: string } | AppError => {
    if (earlier.route !== route) return new ValidationError(tr('error.idempotencyKeyReused'));
    if (earlier.status_code !== null && earlier.response !== null) return { statusCode: earlier.status_code, body: earlier.response };
    // Not answered yet: the first copy may still be running.
    if (Date.now() - Date.parse(earlier.created_at) < IN_FLIGHT_MS) return new InFlightError();
    // Applied, but the server stopped before keeping the answer: say it is done.
    return { statusCode: 200, body: JSON.stringify({ data: null }) };
  };

  const claim = async (request: FastifyRequest, reply: FastifyReply, actor: Actor, header: string | string[]) => {
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new BadRequestError(tr('validation.idempotencyKey'));
    const route = `${request.method} ${request.routeOptions.url}`;
    const lookedUp = request.routeOptions.config.replayFromWrite !== true;
    const earlier = lookedUp ? await keys.find(actor.id, header) : undefined;
    if (earlier) {
      const replay = replayOf(earlier, route);
      if (replay instanceof AppError) throw replay;
      return reply.code(replay.statusCode).header('Idempotent-Replayed', 'true').type(JSON_TYPE).send(replay.body);
    }
    request.requestContext.set('idempotency', { userId: actor.id, key: header, route, recorded: false, lookedUp });
    return undefined;
  };

  /**
   * A route that does not look its key up first (replayFromWrite) learns of a recorded key from
   * its claim, whose transaction rolled back with DuplicateRequestError: its answer becomes the
   * replay's (or the error a look-up would have given) before anything is sent.
   */
  const answerLostClaim = async (reply: FastifyReply, claimed: IdempotencyClaim, payload: unknown): Promise<unknown> => {
    const earlier = await keys.find(claimed.userId, claimed.key);
    // Recorded a moment ago by a copy that then rolled back? Then nothing is applied: the 409 stands.
    if (!earlier) return payload;
    const replay = replayOf(earlier, claimed.route);
    if (replay instanceof AppError) {
      // Still being saved keeps its in-progress mark (send it again later), as after a look-up.
      if (!(replay instanceof InFlightError)) reply.removeHeader(IN_PROGRESS_HEADER);
      reply.code(replay.statusCode);
      return JSON.stringify({ message: replay.message });
    }
    reply.removeHeader(IN_PROGRESS_HEADER);
    reply.code(replay.statusCode).header('Idempotent-Replayed', 'true').type(JSON_TYPE);
    return replay.body;
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
    if (error instanceof DuplicateRequestError || error instanceof InFlightError) reply.header(IN_PROGRESS_HEADER, 'true');
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const claimed = request.requestContext.get('idempotency');
    if (claimed?.lost && !claimed.lookedUp) {
      answerLostClaim(reply, claimed, payload).then((answer) => done(null, answer), done);
      return;
    }
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
