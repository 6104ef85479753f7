import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch';
import { ApiError, api, forgetProbedSessionEnd, onSessionEnded, probedSessionEnd } from './api-client';

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

  it("keeps the reason a session probe was told until forgotten, and ignores any other call's or a made-up one", async () => {
    stubFetch({
      'GET /api/auth/me': { body: { data: null }, headers: { 'Session-Ended': 'passwordChanged' } },
      'POST /api/vet/getVets': { body: { data: [] }, headers: { 'Session-Ended': 'roleChanged' } },
    });
    await api.post('/vet/getVets', {});
    expect(probedSessionEnd()).toBeNull();
    await api.get('/auth/me');
    expect(probedSessionEnd()).toBe('passwordChanged');
    forgetProbedSessionEnd();
    expect(probedSessionEnd()).toBeNull();
  });

  it('keeps the paging meta beside the rows of a list call', async () => {
    const meta = { total: 31, page: 2, pageSize: 10 };
    stubFetch({ 'POST /api/vet/getVets': { body: { data: [{ id: 1 }], meta } } });

    await expect(api.postPage('/vet/getVets', { page: 2 })).resolves.toEqual({ data: [{ id: 1 }], meta });
  });
});
