import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** How long a challenge may be solved and sent: a person filling the form on a slow phone. */
const CHALLENGE_LIFE_MS = 30 * 60 * 1000;

export interface AltchaSettings {
  hmacKey: string;
  cost: number;
  maxCounter: number;
}

/**
 * The public page's proof of work (altcha, PoW v2 with PBKDF2): the browser spends about a second
 * finding the counter; the server only checks the signed key, so a flood costs the sender, not us.
 */
export class Altcha {
  constructor(private readonly settings: AltchaSettings) {}

  async challenge(): Promise<Challenge> {
    const { hmacKey, cost, maxCounter } = this.settings;
    return createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost,
      counter: randomInt(Math.ceil(maxCounter / 2), maxCounter),
      deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_LIFE_MS),
      hmacSignatureSecret: hmacKey,
      hmacKeySignatureSecret: `${hmacKey}:key`,
    });
  }

  /** The challenge's signature when the widget's answer (base64 JSON) is a solved, unexpired challenge of ours; undefined otherwise. */
  async verify(answer: string): Promise<string | undefined> {
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(answer, 'base64').toString('utf8')) as Payload;
    } catch {
      return undefined;
    }
    if (!payload?.challenge?.parameters || !payload.solution || typeof payload.challenge.signature !== 'string') return undefined;
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.settings.hmacKey,
        hmacKeySignatureSecret: `${this.settings.hmacKey}:key`,
      });
      return result.verified ? payload.challenge.signature : undefined;
    } catch {
      return undefined;
    }
  }
}
