import { requestContext } from '@fastify/request-context';
import { tr } from '@rescuedesk/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { DuplicateRequestError, IdempotencyRepository, useIdempotencyClaimOf, type IdempotencyClaim, type StoredAnswer } from '../db/idempotency';
import type { DB } from '../db/schema';
import { AppError, BadRequestError, ConflictError, NotFoundError, ValidationError } from '../errors';
import type { Actor } from '../lib/actor';
import { canonicalJson, sha256Hex } from '../lib/canonical-json';

declare module '@fastify/request-context' {
  interface RequestContextData {
    idempotency: IdempotencyClaim;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A replay of this route is found by its write's own claim of the key instead of a look-up
     * before the handler, one round trip less a write (docs/performance/2026-11-24.md, "PostgreSQL: a
     * write's round trips"). Only for handlers that run nothing but reads before their first transaction:
     * a replay runs them, then its claim meets the recorded key, the transaction rolls back, and
     * the replay is answered as a look-up would have answered it.
     */
    replayFromWrite?: boolean;
    /**
     * The route's access check, run again before a replay is answered: a stored answer holds the
     * record as it was, and the user may since have been moved to another NGO or the record
     * deleted. Throws the error a fresh request from this actor would get; answers false when the
     * replay names no record to check (its answer was never kept), and then, as on a route without
     * a check, the key must have been made in the NGO the user acts in now.
     */
    replayAccess?: (actor: Actor, replay: ReplayedRequest) => Promise<boolean>;
  }
}

/** What a replay's access check is given. */
export interface ReplayedRequest {
  /** The body as the route's schema parsed it. */
  body: unknown;
  /** The stored answer, parsed; null where none was kept. */
  answer: unknown;
}

/**
 * A replay access check for a route about one record: the record its body names (`idField`) or,
 * for a create, the one its answer holds (`data.id`) is read again as the actor is now, with the
 * service's own read and checks, so a replay is refused as a fresh request from them would be (an
 * NGO move or a record out of reach: 404; a role that may no longer manage it: 403).
 */
export function replaysRecord(check: (actor: Actor, id: number) => Promise<unknown>, idField = 'id') {
  return async (actor: Actor, replay: ReplayedRequest): Promise<boolean> => {
    const id = numberAt(replay.body, idField) ?? numberAt((replay.answer as { data?: unknown } | null)?.data, 'id');
    if (id === undefined) return false;
    await check(actor, id);
    return true;
  };
}

function numberAt(value: unknown, field: string): number | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const found = (value as Record<string, unknown>)[field];
  return typeof found === 'number' && Number.isSafeInteger(found) ? found : undefined;
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
  /** Hashed before validation, from the body as sent: a schema that changes between two copies (a deploy) does not make them differ. */
  const bodyHashes = new WeakMap<FastifyRequest, string | null>();

  /**
   * How a key already recorded is answered: its stored answer, or an error. The key is checked
   * first (another call, another body: 422), then the actor's access to what it answers.
   */
  const replayOf = async (request: FastifyRequest, actor: Actor, earlier: StoredAnswer, claimed: Pick<IdempotencyClaim, 'route' | 'bodyHash'>): Promise<{ statusCode: number; body: string } | AppError> => {
    if (earlier.route !== claimed.route) return new ValidationError(tr('error.idempotencyKeyReused'));
    // Null on either side: an upload, or a key recorded before bodies were hashed (migration 019).
    if (earlier.body_hash !== null && claimed.bodyHash !== null && earlier.body_hash !== claimed.bodyHash) return new ValidationError(tr('error.idempotencyKeyOtherBody'));
    const refused = await accessRefusal(request, actor, earlier);
    if (refused) return refused;
    if (earlier.status_code !== null && earlier.response !== null) return { statusCode: earlier.status_code, body: earlier.response };
    // Not answered yet: the first copy may still be running.
    if (Date.now() - Date.parse(earlier.created_at) < IN_FLIGHT_MS) return new InFlightError();
    // Applied, but the server stopped before keeping the answer: say it is done.
    return { statusCode: 200, body: JSON.stringify({ data: null }) };
  };

  /**
   * The route's access check run again as this actor (the error it throws is the answer), or where
   * it has none or nothing to check, the NGO the key was made in compared with the actor's: another
   * is answered as another NGO's record always is, not found.
   */
  const accessRefusal = async (request: FastifyRequest, actor: Actor, earlier: StoredAnswer): Promise<AppError | undefined> => {
    const check = request.routeOptions.config.replayAccess;
    try {
      if (check && (await check(actor, { body: request.body, answer: parsedAnswer(earlier.response) }))) return undefined;
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
    return earlier.ngo_scope !== null && earlier.ngo_scope !== ngoScopeOf(actor) ? new NotFoundError() : undefined;
  };

  const claim = async (request: FastifyRequest, reply: FastifyReply, actor: Actor, header: string | string[]) => {
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new BadRequestError(tr('validation.idempotencyKey'));
    const route = `${request.method} ${request.routeOptions.url}`;
    const bodyHash = bodyHashes.get(request) ?? null;
    const lookedUp = request.routeOptions.config.replayFromWrite !== true;
    const earlier = lookedUp ? await keys.find(actor.id, header) : undefined;
    if (earlier) {
      const replay = await replayOf(request, actor, earlier, { route, bodyHash });
      if (replay instanceof AppError) throw replay;
      return reply.code(replay.statusCode).header('Idempotent-Replayed', 'true').type(JSON_TYPE).send(replay.body);
    }
    request.requestContext.set('idempotency', { userId: actor.id, key: header, route, bodyHash, ngoScope: ngoScopeOf(actor), recorded: false, lookedUp });
    return undefined;
  };

  /**
   * A route that does not look its key up first (replayFromWrite) learns of a recorded key from
   * its claim, whose transaction rolled back with DuplicateRequestError: its answer becomes the
   * replay's (or the error a look-up would have given) before anything is sent.
   */
  const answerLostClaim = async (request: FastifyRequest, reply: FastifyReply, claimed: IdempotencyClaim, payload: unknown): Promise<unknown> => {
    const earlier = await keys.find(claimed.userId, claimed.key);
    // Recorded a moment ago by a copy that then rolled back? Then nothing is applied: the 409 stands.
    if (!earlier || !request.actor) return payload;
    const replay = await replayOf(request, request.actor, earlier, claimed);
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
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.headers[IDEMPOTENCY_HEADER] !== undefined && request.method === 'POST' && request.actor) bodyHashes.set(request, request.isMultipart() ? null : bodyHashOf(request.body));
    done();
  });

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
      answerLostClaim(request, reply, claimed, payload).then((answer) => done(null, answer), done);
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

/** The NGO an actor's records are in, as a key records it: 'all' for an Admin. */
function ngoScopeOf(actor: Actor): string {
  return actor.role === 'Admin' ? 'all' : String(actor.ngoId);
}

/**
 * The body as canonical JSON (every object's keys sorted), hashed: the same request sent again
 * hashes the same whatever its key order or spacing, so only another body is refused.
 */
function bodyHashOf(body: unknown): string {
  return sha256Hex(canonicalJson(body));
}

function parsedAnswer(response: string | null): unknown {
  if (response === null) return null;
  try {
    return JSON.parse(response) as unknown;
  } catch {
    return null;
  }
}
