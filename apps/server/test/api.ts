import type { Role } from '@rescuedesk/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import type { WorldAccount } from './db-templates';
import { createUser } from './factories';
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
  return callerOf(t, { id: user.id, ngoId, cookie: await t.login(user.username, password) });
}

function callerOf(t: TestApp, account: WorldAccount): Caller {
  return {
    ...account,
    post: (url, payload = {}) => t.app.inject({ method: 'POST', url, payload, headers: { cookie: account.cookie } }),
  };
}

/**
 * Two NGOs with one account of every role in each, plus an Admin of the platform, all signed in:
 * the template world (db-templates.ts) that the app's database was copied from.
 */
function worldOf(t: TestApp) {
  const { a, b, admin, inA, inB } = inject('dbTemplates').worldData;
  const callers = (accounts: typeof inA) => ({
    Founder: callerOf(t, accounts.Founder),
    Manager: callerOf(t, accounts.Manager),
    Worker: callerOf(t, accounts.Worker),
  });
  return { a, b, admin: callerOf(t, admin), inA: callers(inA), inB: callers(inB) };
}

export type World = ReturnType<typeof worldOf>;

/**
 * Gives each test of the file (or of the describe block) a fresh app and database holding the
 * two-NGO world: a copy of the template, so each test still starts from the same state and makes
 * its own records.
 */
export function useTwoNgoWorld(options: { imageStore?: ImageStoreKind } = {}): { t: TestApp; world: World } {
  const ctx = {} as { t: TestApp; world: World };
  beforeEach(async () => {
    ctx.t = await createTestApp({}, { ...options, from: 'world' });
    ctx.world = worldOf(ctx.t);
  });
  afterEach(async () => {
    await ctx.t.close();
  });
  return ctx;
}

/**
 * The two-NGO world once for the whole file: for tests that each make their own records and look
 * only at those (and at log entries filtered by them), so they may share one database.
 */
export function useTwoNgoWorldOnce(options: { env?: () => Record<string, string> } = {}): { t: TestApp; world: World } {
  const ctx = {} as { t: TestApp; world: World };
  beforeAll(async () => {
    // env is read when the app starts: a test may start what it points at (a fake provider) in an earlier beforeAll.
    ctx.t = await createTestApp(options.env?.() ?? {}, { from: 'world' });
    ctx.world = worldOf(ctx.t);
  });
  afterAll(async () => {
    await ctx.t?.close();
  });
  return ctx;
}
