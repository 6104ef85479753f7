import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake provider received, as it arrived. */
export interface ProviderRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** The body's exact text (a signature covers these bytes). */
  raw: string;
  body: Record<string, unknown>;
  /** The status it was answered with. */
  status: number;
}

export interface FakeNoticeProvider {
  url: string;
  /** Every request, in the order received. */
  requests: ProviderRequest[];
  /** The requests answered 2xx whose idempotency key had not been answered 2xx before: what a real provider would deliver. */
  delivered(): ProviderRequest[];
  /** The next requests whose tracking link ends with this token are answered with these statuses, in order (then 200 again). */
  failNext(token: string, ...statuses: number[]): void;
  close(): Promise<void>;
}

/**
 * A messaging provider for tests: a real HTTP server on 127.0.0.1 that records each request and
 * answers 200 with an id (or the statuses a test asks for), as the webhook provider's receiver
 * would. It drops a repeated idempotency key, as providers that take one do.
 */
export async function startFakeNoticeProvider(): Promise<FakeNoticeProvider> {
  const requests: ProviderRequest[] = [];
  const planned = new Map<string, number[]>();
  let served = 0;
  const server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // Kept as raw text only.
      }
      // The tracking link's token, wherever the provider's format carries the link.
      const token = /\/t\/([A-Za-z0-9_-]{22})/.exec(raw)?.[1] ?? '';
      const status = planned.get(token)?.shift() ?? 200;
      requests.push({ path: request.url ?? '/', headers: request.headers, raw, body, status });
      served++;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(status < 300 ? { id: `fake-${served}` } : { error: 'planned failure' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/notices`,
    requests,
    delivered() {
      const seen = new Set<string>();
      return requests.filter((r) => {
        const key = String(r.headers['idempotency-key']);
        if (r.status >= 300 || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },
    failNext(token, ...statuses) {
      planned.set(token, [...(planned.get(token) ?? []), ...statuses]);
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
