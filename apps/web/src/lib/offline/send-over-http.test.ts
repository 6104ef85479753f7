import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { sendOverHttp, type AppOutboxEntry } from './app-outbox';

const entry = (over: Partial<AppOutboxEntry>): AppOutboxEntry => ({
  key: 'key-1',
  userId: 3,
  kind: 'caseStep',
  path: '/case/updateAnimalDetail',
  body: { caseId: 12, animalWeight: 12 },
  state: 'pending',
  createdAt: Date.now(),
  ...over,
});

function headersOf(fetchMock: ReturnType<typeof stubFetch>): Record<string, string> {
  const [, init] = fetchMock.mock.calls[0] ?? [];
  return (init?.headers ?? {}) as Record<string, string>;
}

describe('sendOverHttp', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a write that waited in the queue with the time it was made on the device (X-Made-At)', async () => {
    const fetchMock = stubFetch({ 'POST /api/case/updateAnimalDetail': { body: { data: null } } });
    const queued = Date.parse('2026-11-28T17:57:00.000Z');
    await sendOverHttp(entry({ createdAt: queued, deferred: true }));
    expect(headersOf(fetchMock)).toMatchObject({ 'Idempotency-Key': 'key-1', 'X-Made-At': '2026-11-28T17:57:00.000Z' });
  });

  it('sends one queued more than a minute ago with its time even if it was never deferred, also without its key', async () => {
    const fetchMock = stubFetch({ 'POST /api/case/updateAnimalDetail': { body: { data: null } } });
    const queued = Date.now() - 5 * 60_000;
    await sendOverHttp(entry({ createdAt: queued }), { withoutKey: true });
    expect(headersOf(fetchMock)['X-Made-At']).toBe(new Date(queued).toISOString());
    expect(headersOf(fetchMock)['Idempotency-Key']).toBeUndefined();
  });

  it('sends a write made just now without a device time', async () => {
    const fetchMock = stubFetch({ 'POST /api/case/updateAnimalDetail': { body: { data: null } } });
    await sendOverHttp(entry({}));
    expect(headersOf(fetchMock)['X-Made-At']).toBeUndefined();
  });
});
