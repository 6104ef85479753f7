import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
/** GCM's recommended nonce length; a fresh random one for every value sealed. */
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored TOTP secret that the configured keys cannot open: the server must not run on as if all were well. */
export class TotpKeyError extends Error {
  override name = 'TotpKeyError';
}

/**
 * Names a key inside each value it seals, so a rotated key's values are found and a wrong key is
 * told apart from a damaged value. A hash of 256 random bits tells nothing about them.
 */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('rescuedesk-totp-key-id').update(key).digest('hex').slice(0, 8);
}

/**
 * TOTP secrets sealed with AES-256-GCM (docs/decisions/028, "Secrets at rest"): stored as
 * `v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url), bound to the account's id, so a value copied
 * onto another account does not open. The current key seals; older keys only open.
 */
export class TotpSecretBox {
  private readonly keys = new Map<string, Buffer>();
  readonly currentKeyId: string;

  constructor(
    private readonly current: Buffer,
    oldKeys: readonly Buffer[] = [],
  ) {
    if (current.length !== 32) throw new TotpKeyError('TOTP_ENCRYPTION_KEY must be 32 bytes');
    this.currentKeyId = keyIdOf(current);
    for (const key of oldKeys) this.keys.set(keyIdOf(key), key);
    this.keys.set(this.currentKeyId, current);
  }

  seal(secret: string, userId: number): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.current, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(aadOf(userId));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, this.currentKeyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join(':');
  }

  /** The secret of a sealed value; a value stored before secrets were sealed is answered as it is (and resealed at the next start). */
  open(stored: string, userId: number): string {
    if (!TotpSecretBox.isSealed(stored)) return stored;
    const parts = stored.split(':');
    if (parts.length !== 5) throw new TotpKeyError('a stored two-factor secret is not in the sealed format');
    const [, keyId, iv, tag, ciphertext] = parts;
    const key = this.keys.get(keyId!);
    if (!key) {
      throw new TotpKeyError(`a two-factor secret is sealed with key ${keyId}, which is neither TOTP_ENCRYPTION_KEY (${this.currentKeyId}) nor one of TOTP_ENCRYPTION_OLD_KEYS`);
    }
    try {
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv!, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(aadOf(userId));
      decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext!, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new TotpKeyError(`a two-factor secret sealed with key ${keyId} does not open: it was altered or belongs to another account`);
    }
  }

  /** Sealed with the current key: nothing to do at start. */
  isCurrent(stored: string): boolean {
    return stored.startsWith(`${VERSION}:${this.currentKeyId}:`);
  }

  /** A base32 secret (A-Z, 2-7) never holds a colon, so a sealed value cannot be mistaken for one. */
  static isSealed(stored: string): boolean {
    return stored.startsWith(`${VERSION}:`);
  }
}

function aadOf(userId: number): Buffer {
  return Buffer.from(`two_factor_accounts:${userId}`, 'utf8');
}
