import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * Holds the OpenAPI document to what the API tests see: every answer a test app gives is looked up in
 * the app's own document (GET /api/docs/json), and a status the route's entry does not list fails the
 * test that received it, naming the route and the status. A status is thus checked where it is seen,
 * in the test file's own worker, so no run has to gather the statuses of every file in one place.
 *
 * Registered with one line between buildApp and app.ready (hooks cannot be added once the app is ready).
 */
export function checkAnswersAreDocumented(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    // HEAD is answered by the GET route, whose entry documents it.
    if (route !== undefined && request.method !== 'HEAD') {
      const statuses = documentedStatuses(app).get(`${request.method} ${openApiPath(route)}`);
      // A route the document leaves out (the web app's pages, the documentation itself) has no entry to hold it to.
      if (statuses && !statuses.includes(String(reply.statusCode))) softFail(statuses, String(reply.statusCode), `${request.method} ${route} answered ${reply.statusCode}, which its OpenAPI entry does not list`);
    }
    done();
  });
}

/**
 * Fails the running test without throwing (a hook's error would only be logged). An answer outside
 * any test, such as a sign-in in beforeAll, is set-up that the tests after it would not get far
 * without; it is not held to the document.
 */
function softFail(documented: string[], status: string, message: string): void {
  try {
    expect.soft(documented, message).toContain(status);
  } catch {
    // expect.soft() outside a test
  }
}

/** '/api/image/getImage/:ngoId/:fileName' as the document names it: '/api/image/getImage/{ngoId}/{fileName}'. */
function openApiPath(route: string): string {
  return route.replace(/:(\w+)/g, '{$1}');
}

type Document = { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>> };

/**
 * The statuses each route documents ('POST /api/x' -> ['200', '401', ...]), read from the document once
 * per test file: generating it takes about a fifth of a second, and every app a file builds registers
 * the same routes (compared by the route table, in case one does not).
 */
let documented: { routes: string; statuses: Map<string, string[]> } | undefined;

function documentedStatuses(app: FastifyInstance): Map<string, string[]> {
  const routes = app.routeTable.map((r) => `${r.method} ${r.url}`).join('\n');
  if (documented?.routes !== routes) {
    const statuses = new Map<string, string[]>();
    for (const [path, operations] of Object.entries((app.swagger() as Document).paths ?? {})) {
      for (const [method, operation] of Object.entries(operations)) statuses.set(`${method.toUpperCase()} ${path}`, Object.keys(operation.responses ?? {}));
    }
    documented = { routes, statuses };
  }
  return documented.statuses;
}
