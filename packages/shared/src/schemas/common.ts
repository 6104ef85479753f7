import { z } from 'zod';
import { ROLES } from '../permissions';

export const RoleSchema = z.enum(ROLES, { error: 'Role must be one of Admin, Founder, Manager or Worker' });

const MAX_ID = 2_147_483_647;

/**
 * A record id. The spec's client keeps ids in local storage and may send them as strings, so a
 * numeric string is accepted; anything else (arrays, objects, negatives, huge values) is refused.
 */
export const IdSchema = z
  .union(
    [
      // Checked in the branch too, so the OpenAPI document shows an id as a positive integer.
      z.number().int('must be a positive whole number').min(1, 'must be a positive whole number').max(MAX_ID, 'is too large'),
      z.string().trim().regex(/^\d{1,10}$/, 'must be a positive whole number').transform(Number),
    ],
    { error: 'must be a positive whole number' },
  )
  .pipe(z.number().int('must be a positive whole number').min(1, 'must be a positive whole number').max(MAX_ID, 'is too large'));

/** A person's display name. */
export const NameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

/** Passwords are trimmed, as in the spec's login form, so what is set and what is typed agree. */
export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .trim()
  .min(1, 'Password is required')
  .min(6, 'Password minimum length is 6')
  .max(128, 'Password must be at most 128 characters');

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

export const MessageSchema = z.object({ message: z.string() });
export type ApiMessage = z.infer<typeof MessageSchema>;
