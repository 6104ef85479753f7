import { expect } from 'vitest';
import type { Caller, World } from './api';
import { jpegPhoto } from './images';
import { multipartBody } from './multipart';
import type { TestApp } from './test-app';

/** The reporter step's required fields (docs/product.md, "The five steps"). */
export const REPORTING = {
  reporterName: 'Anita Desai',
  reporterContact: '+91 98450 12345',
  location: 'MG Road, near Metro pillar 45',
  landmark: 'Cauvery Emporium',
  pincode: '560001',
  reportedDate: '2026-11-20',
  reportedTime: '08:15',
};

/** A point in Bengaluru and points at a known distance north of it (1 m of latitude = 1/111,195 degree). */
export const CAPTURE_POINT = { captureLatitude: 12.9716, captureLongitude: 77.5946 };
export function releasePointNorth(metres: number) {
  return { releaseLatitude: +(CAPTURE_POINT.captureLatitude + metres / 111_195).toFixed(7), releaseLongitude: CAPTURE_POINT.captureLongitude };
}

export async function newCase(caller: Caller, body: object = { type: 'Sterilization' }): Promise<number> {
  const response = await caller.post('/api/case/createCase', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id;
}

/** Posts and expects 200; answers the data. */
export async function ok(caller: Caller, url: string, body: object) {
  const response = await caller.post(url, body);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json().data;
}

/** Posts and expects the status and message. */
export async function refused(caller: Caller, url: string, body: object, status: number, message: string | RegExp) {
  const response = await caller.post(url, body);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
  if (typeof message === 'string') expect(response.json().message).toBe(message);
  else expect(response.json().message).toMatch(message);
}

export async function upload(t: TestApp, caller: Caller, fieldName: string): Promise<string> {
  const { payload, headers } = multipartBody({ fieldName }, [{ filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegPhoto() }]);
  const response = await t.app.inject({ method: 'POST', url: '/api/image/createImage', payload, headers: { ...headers, cookie: caller.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** The case row's columns and the number of audit entries: a refused save must change neither. */
export async function snapshot(ctx: { t: TestApp }, caseId: number): Promise<string> {
  const { db } = ctx.t.database;
  const row = await db.selectFrom('cases').selectAll().where('id', '=', caseId).executeTakeFirstOrThrow();
  const audit = await db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const days = await db.selectFrom('case_post_op_days').selectAll().where('case_id', '=', caseId).orderBy('id').execute();
  return JSON.stringify([row, Number(audit.n), days]);
}

export type { Caller, World };

/** Reporters and places that searches find in several cases (word prefixes shared between them). */
export const PEOPLE = [
  ['Ravi Kumar', 'Indiranagar 2nd Stage', '560038'],
  ['Ravi Shankar', 'Koramangala', '560034'],
  ['Meena Ravindran', 'Indiranagar', '560038'],
  ['Kumar Swamy', 'Jayanagar', '560011'],
  ['Asha Rao', 'Blood bank road', '560002'],
  ['Lakshmi Venkatesan', 'Basavanagudi', '560004'],
] as const;
const STATUSES = ['Reported', 'Admitted', 'Blood Test', 'Released'] as const;

/** Cases written one at a time as the app writes them: each create and each step save is a transaction of its own, so FTS5 adds a segment for each. */
export async function writeCasesOneByOne(worker: Caller, founder: Caller, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const [reporterName, location, pincode] = PEOPLE[i % PEOPLE.length]!;
    const id = await newCase(worker, { type: i % 3 === 0 ? 'OPD' : 'Sterilization' });
    await ok(worker, '/api/case/updateReportingDetail', { caseId: id, ...REPORTING, reporterName, location, pincode });
    const status = STATUSES[i % STATUSES.length]!;
    if (status !== 'Reported') await ok(founder, '/api/case/updateCase', { caseId: id, status });
  }
}
