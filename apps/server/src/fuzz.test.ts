import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../test/api';
import { apiRoutes } from '../test/routes';

/**
 * Property-based fuzzing: malformed bodies for every POST route. No answer may be a 5xx, and a
 * refused call must leave the database exactly as it was.
 */
const ctx = useTwoNgoWorld();

const KEYS = ['id', 'caseId', 'ngoId', 'ngoName', 'name', 'email', 'username', 'contact', 'password', 'role', 'type', 'status', 'mortality', 'search', 'page', 'pageSize',
  'reporterName', 'pincode', 'reportedDate', 'reportedTime', 'animalAge', 'animalWeight', 'animalPictures', 'amount', 'startDate', 'endDate', 'image', 'fieldName',
  'loginId', 'oldPassword', 'newPassword', 'confirmPassword', 'profileImage', 'verificationId', 'regId', 'darpanId', 'website', '__proto__', 'constructor'];

const nasty = fc.constantFrom('', ' ', 'Choose', "' OR 1=1 --", '../../etc/passwd', '%00', '9'.repeat(40), '-1', '0', '1e309', 'NaN', '<script>alert(1)</script>', '\u0000', 'true', '[]', '{}');
const value = fc.oneof(
  nasty,
  fc.string({ maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
);
const body = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 8 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

async function fingerprint(): Promise<string> {
  const tables = ['ngos', 'users', 'sessions', 'images', 'audit_log', 'reporters', 'vets', 'sponsors', 'cases'] as const;
  const counts = await Promise.all(tables.map((t) => sql<{ n: number }>`select count(*) as n from ${sql.table(t)}`.execute(ctx.t.database.db)));
  const changed = await sql<{ m: string | null }>`select max(updated_at) as m from cases`.execute(ctx.t.database.db);
  return JSON.stringify([counts.map((c) => Number(c.rows[0]?.n)), changed.rows[0]?.m]);
}

describe('fuzzing', () => {
  it('answers malformed bodies on every route with a 4xx (never 5xx) and changes nothing when it refuses', async () => {
    const { world } = ctx;
    const routes = apiRoutes(ctx.t.app).filter((r) => r.method === 'POST' && !r.url.endsWith('/logout') && !r.url.endsWith('/createImage'));
    const callers = [world.inA.Founder, world.inA.Worker, world.admin];
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.constantFrom(...callers), body, async (route, caller, payload) => {
        const before = await fingerprint();
        const response = await ctx.t.app.inject({
          method: 'POST',
          url: route.url,
          headers: { cookie: caller.cookie, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        sent++;
        expect(response.statusCode, `${route.url} ${JSON.stringify(payload)} -> ${response.body}`).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(await fingerprint(), `${route.url} ${JSON.stringify(payload)}`).toBe(before);
          expect(typeof response.json().message).toBe('string');
        }
      }),
      { numRuns: 2000, seed: 20261122 },
    );
    expect(sent).toBeGreaterThanOrEqual(2000);
  }, 600_000);
});
