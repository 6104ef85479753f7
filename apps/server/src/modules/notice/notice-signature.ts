import { createHmac, timingSafeEqual } from 'node:crypto';

/** Headers of a signed notice request, both ways (the webhook provider, and a provider's inbound reply). */
export const SIGNATURE_HEADER = 'x-rescuedesk-signature';
export const TIMESTAMP_HEADER = 'x-rescuedesk-timestamp';
/** A signed request older (or further ahead) than this is refused: a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/** HMAC-SHA256 over "<timestamp>.<body>", hex, prefixed with its scheme: `v1=<hex>`. */
export function signNotice(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Checks a signature in constant time, and that its timestamp is recent. */
export function verifyNoticeSignature(secret: string, headers: { signature: string | undefined; timestamp: string | undefined }, body: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (!headers.signature || !headers.timestamp || !/^\d{1,12}$/.test(headers.timestamp)) return false;
  const timestamp = Number(headers.timestamp);
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signNotice(secret, timestamp, body));
  const given = Buffer.from(headers.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
