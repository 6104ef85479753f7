import type { Role } from '@rescuedesk/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import { createNgo, createUser } from './factories';
import { createTestApp, type ImageStoreKind, type TestApp } from './test-app';

/** A signed-in caller for API tests: post(url, body) with the session cookie. */
export interface Caller {
  id: number;
  ngoId: number | null;
  cookie: string;
  post(url: string, payload?: object): Promise<LightMyRequestResponse>;
}

export async function signIn(t: TestApp, role: Role, ngoId: number | null): Promise<Caller> {
  const { user, password } = await createUser(t.database.db, { role, ngoId });
  const cookie = await t.login(user.username, password);
  return {
    id: user.id,
    ngoId,
    cookie,
    post: (url, payload = {}) => t.app.inject({ method: 'POST', url, payload, headers: { cookie } }),
  };
}

/** Two NGOs with one account of every role in each, plus an Admin of the platform. */
export async function twoNgos(t: TestApp) {
  const a = await createNgo(t.database.db, 'Green Paws Trust');
  const b = await createNgo(t.database.db, 'Blue Cross Unit');
  const callers = async (ngoId: number) => ({
    Founder: await signIn(t, 'Founder', ngoId),
    Manager: await signIn(t, 'Manager', ngoId),
    Worker: await signIn(t, 'Worker', ngoId),
  });
  return { a, b, admin: await signIn(t, 'Admin', null), inA: await callers(a.id), inB: await callers(b.id) };
}

export type World = Awaited<ReturnType<typeof twoNgos>>;

/** Gives each test of the file (or of the describe block) a fresh app and database holding the two-NGO world. */
export function useTwoNgoWorld(options: { imageStore?: ImageStoreKind } = {}): { t: TestApp; world: World } {
  const ctx = {} as { t: TestApp; world: World };
  beforeEach(async () => {
    ctx.t = await createTestApp({}, options);
    ctx.world = await twoNgos(ctx.t);
  });
  afterEach(async () => {
    await ctx.t.close();
  });
  return ctx;
}
