import { MONTH_PATTERN } from '@rescuedesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNgo, createUser } from '../test/factories';
import { apiRoutes } from '../test/routes';
import { createTestApp, type TestApp } from '../test/test-app';

/** The OpenAPI document a signed-in user reads at /api/docs: every answer, not only the 200s. */
interface Schema {
  type?: string;
  format?: string;
  pattern?: string;
  minimum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  items?: Schema;
}
interface Operation {
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: Doc;
let routes: Array<{ method: string; url: string; access: string | undefined }>;

beforeAll(async () => {
  t = await createTestApp();
  const ngo = await createNgo(t.database.db);
  const { user, password } = await createUser(t.database.db, { role: 'Worker', ngoId: ngo.id });
  const cookie = await t.login(user.username, password);
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  doc = response.json();
  routes = apiRoutes(t.app).map((r) => ({ method: r.method, url: r.url, access: r.access }));
});
afterAll(async () => {
  await t.close();
});

function operationOf(route: { method: string; url: string }): Operation {
  const path = route.url.replace(/:(\w+)/g, '{$1}');
  const operation = doc.paths[path]?.[route.method.toLowerCase()];
  if (!operation) throw new Error(`${route.method} ${route.url} is not in the OpenAPI document`);
  return operation;
}

function isMessageEnvelope(schema: Schema | undefined): boolean {
  return schema?.type === 'object' && schema.properties?.message?.type === 'string' && Boolean(schema.required?.includes('message'));
}

describe('the OpenAPI document', () => {
  it('documents every error answer of every route as the { message } envelope, with a description', () => {
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const errors = Object.entries(operationOf(route).responses).filter(([status]) => status.startsWith('4') || status.startsWith('5'));
      // Two public reads cannot fail with a 4xx: the health check, and /auth/me (null when signed out).
      const clientErrors = errors.filter(([status]) => status.startsWith('4'));
      if (route.url !== '/api/health' && route.url !== '/api/auth/me') expect(clientErrors.length, `${route.method} ${route.url}`).toBeGreaterThan(0);
      for (const [status, answer] of errors) {
        expect(answer.description, `${route.method} ${route.url} ${status}`).not.toBe('Default Response');
        // The health check's 503 is its own answer, the state it found, for a load balancer.
        if (route.url === '/api/health' && status === '503') continue;
        expect(isMessageEnvelope(answer.content?.['application/json']?.schema), `${route.method} ${route.url} ${status}`).toBe(true);
      }
    }
  });

  it('lists the answers each route can give from its access, its body, its inputs and Idempotency-Key replays', () => {
    for (const route of routes) {
      const statuses = Object.keys(operationOf(route).responses);
      const where = `${route.method} ${route.url}`;
      if (route.access !== 'public') expect(statuses, where).toContain('401');
      if (route.access !== 'public' && route.access !== 'signedIn') expect(statuses, where).toContain('403');
      // A POST may be sent again with its Idempotency-Key: 404 (made in another NGO), 409 (still being saved), 422 (another call).
      if (route.method === 'POST') expect(statuses, where).toEqual(expect.arrayContaining(['400', '403', '404', '409', '413', '415', '422', '507']));
      if (operationOf(route).requestBody) expect(statuses, where).toContain('422');
      expect(statuses, where).toContain('503');
    }
    const login = operationOf({ method: 'POST', url: '/api/auth/login' }).responses;
    expect(Object.keys(login)).toEqual(expect.arrayContaining(['401', '429']));
    expect(login['401']?.description).toMatch(/password is wrong/);
    expect(Object.keys(operationOf({ method: 'POST', url: '/api/user/createUser' }).responses)).toContain('409');
    for (const url of ['/api/vet/getVetById', '/api/report/getSponsorCases', '/api/export/sponsorCases']) {
      expect(operationOf({ method: 'POST', url }).responses['404']?.description, url).toMatch(/^The record does not exist/);
    }
    expect(operationOf({ method: 'GET', url: '/api/image/getImage/:ngoId/:fileName' }).responses['404']?.description).toMatch(/^The record does not exist/);
  });

  it('gives createImage a multipart/form-data body with the file, the field name and the NGO', () => {
    const body = operationOf({ method: 'POST', url: '/api/image/createImage' }).requestBody;
    const form = body?.content['multipart/form-data']?.schema;
    expect(form?.properties?.image).toMatchObject({ type: 'string', format: 'binary' });
    expect(form?.properties?.fieldName?.type).toBe('string');
    expect(form?.properties?.ngoId).toBeDefined();
    expect(form?.required).toEqual(expect.arrayContaining(['fieldName', 'image']));
    expect(Object.keys(operationOf({ method: 'GET', url: '/api/image/getImage/:ngoId/:fileName' }).responses['200']?.content ?? {})).toContain('image/jpeg');
  });

  it('documents report months by a pattern that bounds their years to 2000..2100', () => {
    const bodyOf = (url: string) => operationOf({ method: 'POST', url }).requestBody?.content['application/json']?.schema;
    expect(bodyOf('/api/report/getDashboardCharts')?.properties?.endMonth?.pattern).toBe(MONTH_PATTERN.source);
    for (const url of ['/api/report/getAbcReport', '/api/report/getAbcReportPdf', '/api/report/getAbcRegisterCsv']) expect(bodyOf(url)?.properties?.month?.pattern, url).toBe(MONTH_PATTERN.source);
    expect(MONTH_PATTERN.source).toBe('^(20\\d{2}|2100)-(0[1-9]|1[0-2])$');
  });

  it('documents ids as positive integers, and dates and times by their patterns', () => {
    const idOf = (schema: Schema | undefined) => schema?.anyOf?.find((branch) => branch.type === 'integer');
    const byId = operationOf({ method: 'POST', url: '/api/reporter/getReporterById' });
    expect(idOf(byId.requestBody?.content['application/json']?.schema.properties?.id)).toMatchObject({ type: 'integer', minimum: 1 });
    const sponsor = byId && operationOf({ method: 'POST', url: '/api/sponsor/getSponsorById' });
    const answer = sponsor.responses['200']?.content?.['application/json']?.schema.properties?.data;
    expect(answer?.properties?.id).toMatchObject({ type: 'integer', minimum: 1 });
    expect(answer?.properties?.startDate?.pattern).toBe('^\\d{4}-\\d{2}-\\d{2}$');

    const createSponsor = operationOf({ method: 'POST', url: '/api/sponsor/createSponsor' }).requestBody?.content['application/json']?.schema;
    expect(createSponsor?.properties?.startDate?.pattern).toBe('^\\d{4}-\\d{2}-\\d{2}$');
    const operation = operationOf({ method: 'POST', url: '/api/case/updateOperationDetail' }).requestBody?.content['application/json']?.schema;
    expect(operation?.properties?.operationDate?.pattern).toBe('^\\d{4}-\\d{2}-\\d{2}$');
    expect(operation?.properties?.operationStartTime?.pattern).toBe('^([01]\\d|2[0-3]):[0-5]\\d$');
  });
});
