import { z } from 'zod';
import { IdSchema, PasswordSchema, RoleSchema } from './common';
import { apiParam, imageList, optionalImage, optionalText, requiredEmail, requiredPhone, requiredText, says } from './formats';
import { ListInputSchema, NgoChoiceSchema } from './list';

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,50}$/;

const UserFields = {
  name: requiredText('field.name', 100),
  email: requiredEmail('field.email'),
  username: z
    .string(says('validation.required', 'field.username'))
    .trim()
    .min(1, says('validation.required', 'field.username'))
    .regex(USERNAME_PATTERN, says('validation.username')),
  contact: requiredPhone('field.contact'),
  role: RoleSchema,
  /** A committee member's title (required for them), e.g. Municipal Veterinary Officer; printed with their signature. */
  designation: optionalText('committee.field.designation', 100),
  profileImage: optionalImage(),
  verificationId: imageList('field.verificationId'),
  ...NgoChoiceSchema,
};

export const CreateUserInputSchema = z.object({ ...UserFields, password: PasswordSchema });
export type CreateUserInput = z.infer<typeof CreateUserInputSchema>;

/** Every field but the id may be left out; a left-out password stays as it is. */
export const UpdateUserInputSchema = z.object({
  id: IdSchema,
  ...z.object(UserFields).partial().shape,
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), PasswordSchema.optional()),
});
export type UpdateUserInput = z.infer<typeof UpdateUserInputSchema>;

export const UserSchema = z.object({
  id: z.number(),
  ngoId: z.number().nullable(),
  ngoName: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  contact: z.string().nullable(),
  role: RoleSchema,
  designation: z.string().nullable(),
  profileImage: z.string().nullable(),
  verificationId: z.array(z.string()),
  active: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const IdInputSchema = z.object({ id: IdSchema });

/** Which accounts the user list shows: active ones (as before), deactivated ones, or all. */
export const USER_LIST_STATUSES = ['active', 'deactivated', 'all'] as const;
export type UserListStatus = (typeof USER_LIST_STATUSES)[number];

export const UserListInputSchema = ListInputSchema.unwrap()
  .extend({ status: z.enum(USER_LIST_STATUSES, says('validation.oneOf', apiParam('status'), { options: USER_LIST_STATUSES.join(', ') })).default('active') })
  .prefault({});
export type UserListInput = z.infer<typeof UserListInputSchema>;
