import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

export interface Drain {
  readonly active: boolean;
  /**
   * Starts draining and resolves once no request has been in progress for a moment, or after
   * `maxMs`. Until the caller then closes the server, requests are still served.
   */
  begin(maxMs: number): Promise<void>;
}

const QUIET_MS = 300;
/** Requests a client already sent may still sit unread in a socket buffer: give them time to surface. */
const MIN_DRAIN_MS = 1_000;

/**
 * Graceful shutdown, first half. Closing a Node server at once drops requests that a client has
 * already sent on a kept-alive connection but the server has not read yet. So on SIGTERM the server
 * first drains: it keeps serving, answers every response with `Connection: close`, and reports
 * itself unavailable on /api/health so a load balancer stops sending; then it closes.
 */
export function registerDraining(app: FastifyInstance): void {
  let active = false;
  const inFlight = new Set<FastifyRequest>();
  // Callback hooks, not async ones: they run on every request, and an async hook costs a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    inFlight.add(request);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    inFlight.delete(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    inFlight.delete(request);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (active) reply.header('Connection', 'close');
    done(null, payload);
  });
  app.decorate('drain', {
    get active() {
      return active;
    },
    async begin(maxMs: number) {
      active = true;
      const started = Date.now();
      const deadline = started + maxMs;
      let quietSince = started;
      while (Date.now() < deadline) {
        if (inFlight.size > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= QUIET_MS && Date.now() - started >= MIN_DRAIN_MS) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  } satisfies Drain);
}
