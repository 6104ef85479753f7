/** A new Idempotency-Key for a user's action: 32 hex digits (crypto.randomUUID needs a secure context, which a phone on a LAN address is not). */
export function newWriteKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
