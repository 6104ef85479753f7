import { vi } from 'vitest';

type Reply = { status?: number; body: unknown; headers?: Record<string, string> } | Error;

/**
 * Replaces fetch with a stub answering by "METHOD /path" (query string ignored). Unlisted calls
 * fail the test loudly. Answers the mock so tests can inspect the requests sent.
 */
export function stubFetch(replies: Record<string, Reply | ((init: RequestInit) => Reply)>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const entry = replies[key];
    if (!entry) throw new Error(`Unexpected request: ${key}`);
    const reply = typeof entry === 'function' ? entry(init) : entry;
    if (reply instanceof Error) throw reply;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
