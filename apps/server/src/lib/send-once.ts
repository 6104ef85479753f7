import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

type Encoding = 'br' | 'gzip';

interface Prepared {
  json: string;
  br?: Buffer;
  gzip?: Buffer;
}

const prepared = new WeakMap<object, Prepared>();
const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'], cache: new Map() });

/**
 * Sends an answer that a cache hands to many requests: it is checked against its response schema
 * (as the route's serializer would), serialized and compressed the first time only. A dashboard
 * page is 20-25 kB of JSON and about a tenth of that compressed, which matters on a phone on 2G.
 */
export function sendOnce<T extends object>(request: FastifyRequest, reply: FastifyReply, schema: z.ZodType<T>, answer: T): FastifyReply {
  let ready = prepared.get(answer);
  if (!ready) {
    ready = { json: JSON.stringify(z.encode(schema, answer)) };
    prepared.set(answer, ready);
  }
  reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? (negotiator.negotiate(accepted) as Encoding | null) : null;
  if (!encoding) return reply.send(ready.json);
  const body = (ready[encoding] ??= compress(ready.json, encoding));
  return reply.header('Content-Encoding', encoding).send(body);
}

/**
 * The fastest settings of each: a new search's answer is compressed for one request, on the one
 * Node thread, and a kept page may be replaced a moment later. The lowest levels take a fraction of
 * the defaults' CPU for a page a few hundred bytes larger, which a phone's network barely notices
 * (docs/performance/2026-11-24.md, "A new search, cheaper to answer").
 */
function compress(text: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length } })
    : zlib.gzipSync(text, { level: 1 });
}
