import { describe, expect, it } from 'vitest';
import { useTwoNgoWorldOnce } from '../../../test/api';
import { ok } from '../../../test/cases';

const ctx = useTwoNgoWorldOnce();
const CREATE = '/api/privacy/createBreach';

const INCIDENT = {
  discoveredAt: '2026-11-28T10:00:00.000Z',
  whatHappened: 'A phone with the app signed in was lost',
  dataAffected: 'Reporters’ names and phone numbers',
  peopleAffected: 'Reporters of the last month',
  peopleCount: 40,
};

describe('the breach register', () => {
  it('records an incident with the Board report due 72 hours after discovery, and drafts both notices in English and Hindi', async () => {
    const breach = await ok(ctx.world.inA.Founder, CREATE, INCIDENT);
    expect(breach).toMatchObject({ ngoId: ctx.world.a.id, discoveredAt: INCIDENT.discoveredAt, reportDueAt: '2026-12-01T10:00:00.000Z', peopleCount: 40, reportedAt: null });
    expect(breach.notices.board.en).toContain('To the Data Protection Board of India.');
    expect(breach.notices.board.en).toContain(INCIDENT.whatHappened);
    expect(breach.notices.board.en).toContain('discovered on 2026-11-28 15:30:00 (Asia/Kolkata)');
    expect(breach.notices.board.hi).toContain('डेटा संरक्षण बोर्ड');
    expect(breach.notices.people.en).toContain(INCIDENT.dataAffected);
    expect(breach.notices.people.hi).toContain('प्रिय रिपोर्टर');

    const listed = await ok(ctx.world.inA.Founder, '/api/privacy/getBreaches', {});
    expect(listed.map((b: { id: number }) => b.id)).toContain(breach.id);
    expect((await ok(ctx.world.inB.Founder, '/api/privacy/getBreaches', {})).map((b: { id: number }) => b.id)).not.toContain(breach.id);
  });

  it('stops the clock once the Board was told, once', async () => {
    const breach = await ok(ctx.world.inA.Founder, CREATE, INCIDENT);
    const reported = await ok(ctx.world.inA.Founder, '/api/privacy/markBreachReported', { id: breach.id });
    expect(reported.reportedAt).not.toBeNull();
    expect((await ctx.world.inA.Founder.post('/api/privacy/markBreachReported', { id: breach.id })).statusCode).toBe(409);
    expect((await ctx.world.inB.Founder.post('/api/privacy/markBreachReported', { id: breach.id })).statusCode).toBe(404);
  });

  it('refuses a discovery in the future, an empty description, and a Manager', async () => {
    const future = await ctx.world.inA.Founder.post(CREATE, { ...INCIDENT, discoveredAt: '2999-01-01T00:00:00.000Z' });
    expect(future.statusCode).toBe(422);
    expect(future.json().message).toBe('The time of discovery is in the future.');
    expect((await ctx.world.inA.Founder.post(CREATE, { ...INCIDENT, whatHappened: ' ' })).statusCode).toBe(422);
    expect((await ctx.world.inA.Manager.post(CREATE, INCIDENT)).statusCode).toBe(403);
    expect((await ctx.world.admin.post(CREATE, INCIDENT)).statusCode).toBe(422);
  });
});
