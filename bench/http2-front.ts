/**
 * An HTTP/2 front with TLS for `npm run bench:web`, standing in for the reverse proxy that every
 * setup of docs/deploy.md puts before the app (nginx `listen 443 ssl http2`, or Caddy). Browsers
 * speak HTTP/2 only over TLS; over HTTP/1.1, straight to Node, Chromium opens at most six
 * connections to the server, so the twenty-odd files of a first visit wait in rounds that a
 * deployed server does not impose on a phone.
 *
 * The certificate is a throwaway self-signed one, made with the `openssl` command, valid for
 * 127.0.0.1; Chromium is told to trust it by its public key's hash (`spkiHash`, for
 * `--ignore-certificate-errors-spki-list`). Without `openssl` there is no front, and the caller
 * says so.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';

export interface Http2Front {
  base: string;
  /** The certificate's public key (SubjectPublicKeyInfo), SHA-256, base64. */
  spkiHash: string;
  close: () => Promise<void>;
}

/** Headers that belong to one connection, not to the request (RFC 9113 8.2.2 forbids them in HTTP/2). */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings', 'te']);

function selfSignedCertificate(): { key: Buffer; cert: Buffer } | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-bench-tls-'));
  try {
    if (spawnSync('openssl', ['version'], { stdio: 'ignore' }).error) return undefined; // no openssl command here
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    const run = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certFile],
      { stdio: 'ignore' },
    );
    if (run.status !== 0) return undefined;
    return { key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the front on a free port of 127.0.0.1, passing every request to the server at `upstreamPort`. */
export async function startHttp2Front(upstreamPort: number): Promise<Http2Front | undefined> {
  const tls = selfSignedCertificate();
  if (!tls) return undefined;
  const agent = new http.Agent({ keepAlive: true });
  const server = http2.createSecureServer(tls);
  server.on('stream', (stream, headers) => {
    const forwarded: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (!name.startsWith(':') && !CONNECTION_HEADERS.has(name)) forwarded[name] = value;
    }
    forwarded.host = headers[':authority'];
    const upstream = http.request(
      { host: '127.0.0.1', port: upstreamPort, method: headers[':method'], path: headers[':path'], headers: forwarded, agent },
      (response) => {
        if (stream.destroyed) {
          response.resume();
          return;
        }
        const answer: http2.OutgoingHttpHeaders = { ':status': response.statusCode ?? 502 };
        for (const [name, value] of Object.entries(response.headers)) if (!CONNECTION_HEADERS.has(name)) answer[name] = value;
        stream.respond(answer);
        response.pipe(stream);
      },
    );
    upstream.on('error', () => {
      if (stream.destroyed) return;
      if (!stream.headersSent) stream.respond({ ':status': 502 });
      stream.end();
    });
    stream.on('error', () => upstream.destroy());
    stream.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the HTTP/2 front has no port');
  const publicKey = new crypto.X509Certificate(tls.cert).publicKey.export({ type: 'spki', format: 'der' });
  return {
    base: `https://127.0.0.1:${address.port}`,
    spkiHash: crypto.createHash('sha256').update(publicKey).digest('base64'),
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
