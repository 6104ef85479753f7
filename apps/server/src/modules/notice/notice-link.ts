import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A report's tracking token, sealed for its notices' links. The database keeps only the token's
 * hash for the tracking page (migration 026); a notice sent days later still needs the link, so the
 * token is kept sealed with AES-256-GCM under NOTICE_LINK_KEY: a copy of the database alone opens
 * no tracking page.
 */
export class NoticeLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly publicUrl: string,
  ) {
    this.key = createHash('sha256').update(secret).digest();
  }

  seal(token: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** The tracking link, or undefined when the sealed token does not open (the key changed). */
  linkOf(sealed: string): string | undefined {
    try {
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      const token = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      return new URL(`/t/${token}`, this.publicUrl).toString();
    } catch {
      return undefined;
    }
  }
}

/** The phone's last ten digits: how India's numbers are matched whatever the spacing or +91 typed. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}
