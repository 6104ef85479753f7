import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch';
import { ApiError, api, onSessionEndTold, onSessionEnded, toldSessionEnd } from './api-client';

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error;
}

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('unwraps { data } and sends JSON with the session cookie', async () => {
    const fetchMock = stubFetch({ 'POST /api/auth/updateProfile': { body: { data: { name: 'Asha' } } } });

    await expect(api.post('/auth/updateProfile', { name: 'Asha' })).resolves.toEqual({ name: 'Asha' });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"name":"Asha"}');
  });

  it("turns { message } into an ApiError carrying the status and the server's text", async () => {
    stubFetch({ 'POST /api/auth/changePassword': { status: 422, body: { message: 'Old password is incorrect.' } } });

    const error = await rejectionOf(api.post('/auth/changePassword', {}));

    expect(error.status).toBe(422);
    expect(error.message).toBe('Old password is incorrect.');
  });

  it('tells a 409 of a write still being saved (Idempotent-In-Progress) from a 409 refusing the write', async () => {
    const answer = (inProgress: boolean) => new Response(JSON.stringify({ message: inProgress ? 'This change is still being saved.' : 'Day 3 is already in the log' }), { status: 409, headers: { 'Content-Type': 'application/json', ...(inProgress ? { 'Idempotent-In-Progress': 'true' } : {}) } });
    vi.stubGlobal('fetch', vi.fn(async () => answer(true)));
    expect((await rejectionOf(api.post('/case/addPostOpDay', {}, { idempotencyKey: 'outbox-key-1' }))).inProgress).toBe(true);
    vi.stubGlobal('fetch', vi.fn(async () => answer(false)));
    const refused = await rejectionOf(api.post('/case/addPostOpDay', {}, { idempotencyKey: 'outbox-key-2' }));
    expect(refused.inProgress).toBe(false);
    expect(refused.message).toBe('Day 3 is already in the log');
  });

  it('takes the answer startup-preload.js already asked for once, for the same request only, then asks the server', async () => {
    const fetchMock = stubFetch({ 'POST /api/case/getCaseByType': { body: { data: [], meta: { page: 1, pageSize: 50, total: 0 } } } });
    const early = { data: [{ id: 7 }], meta: { page: 1, pageSize: 50, total: 1 } };
    vi.stubGlobal('rescuedeskEarly', {
      'POST /api/case/getCaseByType {"type":"All","page":1,"pageSize":50}': Promise.resolve(new Response(JSON.stringify(early), { status: 200 })),
    });

    // Another request (another page) is not answered with it.
    await expect(api.postPage('/case/getCaseByType', { type: 'All', page: 2, pageSize: 50 })).resolves.toEqual({ data: [], meta: { page: 1, pageSize: 50, total: 0 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(api.postPage('/case/getCaseByType', { type: 'All', page: 1, pageSize: 50 })).resolves.toEqual(early);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: the next identical request goes to the server.
    await api.postPage('/case/getCaseByType', { type: 'All', page: 1, pageSize: 50 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('drops the early answers when the start-up check finds no session, keeping the reason one of them was told', async () => {
    const fetchMock = stubFetch({ 'POST /api/case/getCaseByType': { body: { data: [], meta: { page: 1, pageSize: 50, total: 0 } } } });
    // The list reached the server first, so it, not the check, was told why the session ended.
    vi.stubGlobal('rescuedeskEarly', {
      'GET /api/auth/me ': Promise.resolve(new Response(JSON.stringify({ data: null }), { status: 200 })),
      'POST /api/case/getCaseByType {"type":"All","page":1,"pageSize":50}': Promise.resolve(
        new Response(JSON.stringify({ message: 'Please sign in.' }), { status: 401, headers: { 'Session-Ended': 'roleChanged' } }),
      ),
    });

    await expect(api.get('/auth/me')).resolves.toBeNull();
    expect(toldSessionEnd()).toBe('roleChanged');
    // Signed in afterwards, the dashboard asks the server, not the answer meant for the ended session.
    await expect(api.postPage('/case/getCaseByType', { type: 'All', page: 1, pageSize: 50 })).resolves.toEqual({ data: [], meta: { page: 1, pageSize: 50, total: 0 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('meets an early request that failed as any failed request: an ApiError', async () => {
    stubFetch({});
    vi.stubGlobal('rescuedeskEarly', { 'GET /api/auth/me ': Promise.reject(new TypeError('Failed to fetch')) });

    const error = await rejectionOf(api.get('/auth/me'));
    expect(error.status).toBe(0);
  });

  it('reports a network failure as an ApiError with status 0', async () => {
    stubFetch({ 'GET /api/auth/me': new TypeError('Failed to fetch') });
    expect((await rejectionOf(api.get('/auth/me'))).status).toBe(0);
  });

  it('reports the session as ended on a 401, except from login and me', async () => {
    const ended = vi.fn();
    const unregister = onSessionEnded(ended);
    stubFetch({
      'POST /api/auth/login': { status: 401, body: { message: 'Incorrect login ID or password.' } },
      'GET /api/auth/me': { status: 401, body: { message: 'Please sign in.' } },
      'POST /api/auth/updateProfile': { status: 401, body: { message: 'Please sign in.' } },
    });

    await rejectionOf(api.post('/auth/login', {}));
    await rejectionOf(api.get('/auth/me'));
    expect(ended).not.toHaveBeenCalled();

    await rejectionOf(api.post('/auth/updateProfile', {}));
    expect(ended).toHaveBeenCalledOnce();
    unregister();
  });

  it('keeps the reason whichever answer was told it, ignores a made-up one, and forgets it when someone signs in', async () => {
    stubFetch({
      'POST /api/vet/getVets': { status: 401, body: { message: 'Please sign in.' }, headers: { 'Session-Ended': 'madeUp' } },
      'GET /api/auth/me': { body: { data: null }, headers: { 'Session-Ended': 'passwordChanged' } },
      'POST /api/auth/login': { body: { data: { id: 1 } } },
    });
    await api.post('/auth/login', {}); // starts from a signed-in state, whatever an earlier test was told
    const toldNow = vi.fn();
    const stop = onSessionEndTold(toldNow);
    await rejectionOf(api.post('/vet/getVets', {}));
    expect(toldSessionEnd()).toBeNull();
    await api.get('/auth/me');
    expect(toldSessionEnd()).toBe('passwordChanged');
    expect(toldNow).toHaveBeenCalledOnce();
    await api.post('/auth/login', {});
    expect(toldSessionEnd()).toBeNull();
    stop();
  });

  it('keeps the paging meta beside the rows of a list call', async () => {
    const meta = { total: 31, page: 2, pageSize: 10 };
    stubFetch({ 'POST /api/vet/getVets': { body: { data: [{ id: 1 }], meta } } });

    await expect(api.postPage('/vet/getVets', { page: 2 })).resolves.toEqual({ data: [{ id: 1 }], meta });
  });
});
