import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { checkAnswersAreDocumented } from '../test/status-recorder';
import { buildApp } from './app';

/**
 * The check that holds the OpenAPI document to what the API tests see (test/status-recorder.ts): a
 * test that receives a status its route does not document fails. Here on an app of its own, built
 * on a test app's database, with one route added that answers a status nothing documents.
 */
let t: TestApp;
let app: FastifyInstance;

beforeEach(async () => {
  t = await createTestApp();
  app = await buildApp({ config: t.config, database: t.database, logger: false });
  checkAnswersAreDocumented(app);
  app.post('/api/test/teapot', { config: { access: 'public' }, schema: { summary: 'Answers a status no route documents' } }, async (_request, reply) =>
    reply.code(418).send({ message: 'I am a teapot' }),
  );
  await app.ready();
});
afterEach(async () => {
  await app.close();
  await t.close();
});

describe('the check of answers against the OpenAPI document', () => {
  it('lets a test receive the statuses its routes document, a route named with parameters included', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId: 'nobody', password: 'wrong password' } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/auth/login', payload: {} })).statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/api/image/getImage/1/a.jpg' })).statusCode).toBe(401);
    // No route, so no entry: an unknown path is not held to the document.
    expect((await app.inject({ method: 'POST', url: '/api/no/such/route', payload: {} })).statusCode).toBe(401);
  });

  // Expected to fail: the check marks this test failed (softly, so the test runs on), naming the route and the status.
  it.fails('fails a test that receives a status its route does not document', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/test/teapot', payload: {} })).statusCode).toBe(418);
  });
});
