import { z } from 'zod';
import { ROLES } from '../permissions';
import { says } from './say';
import { requiredText } from './text';

export const RoleSchema = z.enum(ROLES, says('validation.role'));

const MAX_ID = 2_147_483_647;

/**
 * A record id. The observed client (docs/product.md) keeps ids in local storage and may send them as strings, so a
 * numeric string is accepted; anything else (arrays, objects, negatives, huge values) is refused.
 */
export const IdSchema = z
  .union(
    [
      // Checked in the branch too, so the OpenAPI document shows an id as a positive integer.
      z.number().int(says('validation.positiveWhole')).min(1, says('validation.positiveWhole')).max(MAX_ID, says('validation.tooLarge')),
      z.string().trim().regex(/^\d{1,10}$/, says('validation.positiveWhole')).transform(Number),
    ],
    says('validation.positiveWhole'),
  )
  .pipe(z.number().int(says('validation.positiveWhole')).min(1, says('validation.positiveWhole')).max(MAX_ID, says('validation.tooLarge')));

/** A person's display name. */
export const NameSchema = requiredText('field.name', 100);

/** Passwords are trimmed, as in the observed login form, so what is set and what is typed agree. */
export const PasswordSchema = z
  .string(says('validation.required', 'field.password'))
  .trim()
  .min(1, says('validation.required', 'field.password'))
  .min(6, says('validation.passwordMin', 'field.password', { min: '6' }))
  .max(128, says('validation.maxLength', 'field.password', { max: '128' }));

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

export const MessageSchema = z.object({ message: z.string() });
export type ApiMessage = z.infer<typeof MessageSchema>;
