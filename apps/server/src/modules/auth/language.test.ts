import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { useTwoNgoWorld } from '../../../test/api';

const ctx = useTwoNgoWorld();

describe('languages (docs/decisions/008)', () => {
  it('keeps the language a user chooses with their account, and shows it in /auth/me', async () => {
    const worker = ctx.world.inA.Worker;
    const me = async () => (await ctx.t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: worker.cookie } })).json().data;
    expect((await me()).language).toBe('en');
    const chosen = await worker.post('/api/auth/updateLanguage', { language: 'hi' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data.language).toBe('hi');
    expect((await me()).language).toBe('hi');
    const audit = await ctx.t.database.db.selectFrom('audit_log').select(['action', 'fields']).where('action', '=', 'updateLanguage').execute();
    expect(audit).toEqual([{ action: 'updateLanguage', fields: '["language"]' }]);
  });

  it('stores a language chosen on the sign-in page with the account in the same sign-in', async () => {
    const { user, password } = await createUser(ctx.t.database.db, { role: 'Worker', ngoId: ctx.world.inA.Worker.ngoId });
    const login = (language?: string) =>
      ctx.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId: user.username, password, ...(language ? { language } : {}) } });
    const me = async (cookie: string) => (await ctx.t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().data;
    const signedIn = await login('hi');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = `rd_session=${signedIn.cookies.find((c) => c.name === 'rd_session')?.value}`;
    expect((await me(cookie)).language).toBe('hi');
    const audit = await ctx.t.database.db.selectFrom('audit_log').select(['actor_id', 'fields']).where('action', '=', 'updateLanguage').where('entity_id', '=', String(user.id)).execute();
    expect(audit).toEqual([{ actor_id: user.id, fields: '["language"]' }]);

    // A sign-in without a choice on the page keeps the account's language.
    const again = await login();
    expect((await me(`rd_session=${again.cookies.find((c) => c.name === 'rd_session')?.value}`)).language).toBe('hi');
  });

  it('refuses a sign-in naming a language the app does not have, and stores nothing', async () => {
    const { user, password } = await createUser(ctx.t.database.db, { role: 'Worker', ngoId: ctx.world.inA.Worker.ngoId });
    const refused = await ctx.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId: user.username, password, language: 'fr' } });
    expect(refused.statusCode).toBe(422);
    const row = await ctx.t.database.db.selectFrom('users').select('language').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.language).toBe('en');
  });

  it('refuses a language the app does not have, and leaves the choice as it was', async () => {
    const worker = ctx.world.inA.Worker;
    const refused = await worker.post('/api/auth/updateLanguage', { language: 'fr' });
    expect(refused.statusCode).toBe(422);
    const me = await ctx.t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: worker.cookie } });
    expect(me.json().data.language).toBe('en');
  });

  it('answers in the language the request asks for, English otherwise', async () => {
    const ask = (acceptLanguage?: string) =>
      ctx.t.app.inject({ method: 'POST', url: '/api/case/getCaseByType', payload: {}, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
    expect((await ask('hi')).json().message).toBe('कृपया लॉग इन करें।');
    expect((await ask('hi-IN,hi;q=0.9,en;q=0.8')).json().message).toBe('कृपया लॉग इन करें।');
    expect((await ask('en')).json().message).toBe('Please sign in.');
    expect((await ask('fr-FR')).json().message).toBe('Please sign in.');
    expect((await ask()).json().message).toBe('Please sign in.');
  });

  it('names a case of another NGO as not found in Hindi too', async () => {
    const created = await ctx.world.inA.Worker.post('/api/case/createCase', { type: 'OPD' });
    const foreign = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/case/getCaseById',
      payload: { id: created.json().data.id },
      headers: { cookie: ctx.world.inB.Founder.cookie, 'accept-language': 'hi' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toMatch(/[\u0900-\u097F]/);
  });

  it('words validation messages in Hindi, naming the field by its Hindi label', async () => {
    const refused = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/reporter/createReporter',
      payload: { contact: '9845012345' },
      headers: { cookie: ctx.world.inA.Worker.cookie, 'accept-language': 'hi' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('सूचना देने वाले का नाम ज़रूरी है');
    const english = await ctx.world.inA.Worker.post('/api/reporter/createReporter', { contact: '9845012345' });
    expect(english.json().message).toBe('Reporter name is required');
  });
});
