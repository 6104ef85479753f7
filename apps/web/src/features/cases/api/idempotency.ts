/**
 * Idempotency keys for the case page's writes (docs/decisions/011). Every write carries the key of
 * the user's action; pressing Save again after a failure sends the same request with the same key,
 * so a save whose answer was lost on a poor network is not applied twice. A new action (a request
 * that differs, or one after the last succeeded) gets a new key.
 */

/** A write and the key of the user's action that sends it: what a mutation of this feature is given. */
export interface Keyed<Input> {
  input: Input;
  idempotencyKey: string;
}

/** A random UUID (version 4). crypto.randomUUID needs a secure context; a phone on a plain-http LAN address is not one. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The keys of the writes one screen sends, by slot ('create', 'card', 'step:animalDetail'): the
 * same key while the same request is sent again (a retry of the action), a new one once the request
 * changed or went through.
 */
export class ActionKeys {
  private readonly last = new Map<string, { request: string; key: string }>();

  keyFor(slot: string, request: unknown): string {
    const body = JSON.stringify(request);
    const earlier = this.last.get(slot);
    if (earlier && earlier.request === body) return earlier.key;
    const key = newIdempotencyKey();
    this.last.set(slot, { request: body, key });
    return key;
  }

  /** The write of this slot went through: the next one is a new action. */
  done(slot: string): void {
    this.last.delete(slot);
  }
}
