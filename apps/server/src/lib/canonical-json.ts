import { createHash } from 'node:crypto';

/**
 * A value as canonical JSON: every object's keys sorted by UTF-16 code units, no spaces, numbers as
 * JavaScript writes them. For the plain data we hash (strings, finite numbers, booleans, null, arrays,
 * objects) this is the JSON Canonicalization Scheme (RFC 8785), so anyone can recompute a hash.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** SHA-256 of a text, as 64 lowercase hex digits. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
