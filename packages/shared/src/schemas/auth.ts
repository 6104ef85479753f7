import { z } from 'zod';
import { NameSchema, PasswordSchema, RoleSchema } from './common';
import { LANGUAGES } from '../i18n';
import { says } from './formats';
import { ImageFileNameSchema } from './image';

export const LoginInputSchema = z.object({
  loginId: z
    .string(says('validation.required', 'field.loginId'))
    .trim()
    .min(1, says('validation.required', 'field.loginId'))
    .max(254, says('validation.maxLength', 'field.loginId', { max: '254' })),
  password: PasswordSchema,
  /**
   * A language the user chose on the sign-in page itself (docs/decisions/008): stored with the
   * account in the same sign-in. Absent: the account keeps its own.
   */
  language: z.enum(LANGUAGES, says('validation.language')).optional(),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** What the login call answers, as the observed client reads it (data.role, data.id, data.ngoId), plus the name. */
export const SessionUserSchema = z.object({
  id: z.number(),
  role: RoleSchema,
  ngoId: z.number().nullable(),
  name: z.string(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** The signed-in user, as the shell and the settings page need them. */
export const MeSchema = SessionUserSchema.extend({
  username: z.string(),
  email: z.string(),
  profileImage: z.string().nullable(),
  ngoName: z.string().nullable(),
  /** The language the user chose to read the app in. */
  language: z.enum(LANGUAGES),
});
export type Me = z.infer<typeof MeSchema>;

export const UpdateLanguageInputSchema = z.object({
  language: z.enum(LANGUAGES, says('validation.language')),
});
export type UpdateLanguageInput = z.infer<typeof UpdateLanguageInputSchema>;

export const UpdateProfileInputSchema = z.object({
  name: NameSchema,
  /** A stored file name from image/createImage, or null to remove the picture. Absent: unchanged. */
  profileImage: ImageFileNameSchema.nullable().optional(),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

export const ChangePasswordInputSchema = z
  .object({
    oldPassword: z.string(says('validation.required', 'field.oldPassword')).trim().min(1, says('validation.required', 'field.oldPassword')).max(128),
    newPassword: PasswordSchema,
    confirmPassword: z.string(says('validation.confirmPassword')).trim().min(1, says('validation.confirmPassword')),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    ...says('validation.passwordsDiffer'),
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;


