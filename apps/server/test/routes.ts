import type { FastifyInstance } from 'fastify';

/** The API routes the app registered, less the generated docs and the web app's fallback. */
export function apiRoutes(app: FastifyInstance) {
  return app.routeTable.filter((r) => r.url.startsWith('/api/') && r.url !== '/api/*' && !r.url.startsWith('/api/docs'));
}
