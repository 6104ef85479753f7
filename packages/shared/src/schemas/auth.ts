import { z } from 'zod';
import { NameSchema, PasswordSchema, RoleSchema } from './common';
import { ImageFileNameSchema } from './image';

export const LoginInputSchema = z.object({
  loginId: z
    .string({ error: 'Login ID is required' })
    .trim()
    .min(1, 'Login ID is required')
    .max(254, 'Login ID must be at most 254 characters'),
  password: PasswordSchema,
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** What the login call answers, as in the spec (data.role, data.id, data.ngoId) plus the name. */
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
});
export type Me = z.infer<typeof MeSchema>;

export const UpdateProfileInputSchema = z.object({
  name: NameSchema,
  /** A stored file name from image/createImage, or null to remove the picture. Absent: unchanged. */
  profileImage: ImageFileNameSchema.nullable().optional(),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

export const ChangePasswordInputSchema = z
  .object({
    oldPassword: z.string({ error: 'Old password is required' }).trim().min(1, 'Old password is required').max(128),
    newPassword: PasswordSchema,
    confirmPassword: z.string({ error: 'Please confirm the new password' }).trim().min(1, 'Please confirm the new password'),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: 'New password and confirmation do not match',
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;


