import { z } from 'zod';
import { IdSchema, NameSchema, PasswordSchema, RoleSchema } from './common';
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

// Two-factor sign-in (docs/security.md#two-factor-sign-in, docs/decisions/028).

/** A 6-digit code from the authenticator app, or a recovery code; spaces and dashes are ignored. */
export const TwoFactorCodeSchema = z
  .string(says('validation.required', 'auth.twoFactor.code'))
  .trim()
  .min(1, says('validation.required', 'auth.twoFactor.code'))
  .max(32, says('validation.maxLength', 'auth.twoFactor.code', { max: '32' }));

/** True when a typed code is an authenticator code rather than a recovery code. */
export function isAuthenticatorCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/[\s-]/g, ''));
}

/** The sign-in answer when the password was right but the account also needs a code: no session yet. */
export const LoginChallengeSchema = z.object({
  twoFactor: z.literal('required'),
  /** Sent back with the code; valid for a few minutes, once. */
  challenge: z.string(),
  expiresAt: z.string(),
});
export type LoginChallenge = z.infer<typeof LoginChallengeSchema>;

export const LoginAnswerSchema = z.union([SessionUserSchema, LoginChallengeSchema]);
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

export function isLoginChallenge(answer: LoginAnswer): answer is LoginChallenge {
  return 'challenge' in answer;
}

export const VerifyTwoFactorInputSchema = z.object({
  challenge: z.string(says('auth.twoFactor.challengeExpired')).min(1, says('auth.twoFactor.challengeExpired')).max(128, says('auth.twoFactor.challengeExpired')),
  code: TwoFactorCodeSchema,
});
export type VerifyTwoFactorInput = z.infer<typeof VerifyTwoFactorInputSchema>;

/** The signed-in user's two-factor state, for the profile and the set-up prompt. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Their role or their NGO requires it. */
  required: z.boolean(),
  /** Until when they may still sign in without it (only while required and not set up). */
  dueAt: z.string().nullable(),
  /** Past the due date: only the set-up, /auth/me and sign-out answer until it is set up. */
  overdue: z.boolean(),
  recoveryCodesLeft: z.number(),
  /** When an Admin or Founder reset it (a lost phone), until it is set up again; else null. */
  resetAt: z.string().nullable(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** A new secret to scan or type into an authenticator app; nothing is on until a code confirms it. */
export const TwoFactorEnrolmentSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  /** The otpauth URI as an SVG QR code, in a data: URL. */
  qrCode: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolmentSchema>;

export const ConfirmTwoFactorInputSchema = z.object({ code: TwoFactorCodeSchema });
export type ConfirmTwoFactorInput = z.infer<typeof ConfirmTwoFactorInputSchema>;

/** Shown once: only their hashes are kept. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** Turning two-factor sign-in off, or making new recovery codes: the password and a current code. */
export const TwoFactorPasswordAndCodeInputSchema = z.object({
  password: z.string(says('validation.required', 'field.password')).trim().min(1, says('validation.required', 'field.password')).max(128),
  code: TwoFactorCodeSchema,
});
export type TwoFactorPasswordAndCodeInput = z.infer<typeof TwoFactorPasswordAndCodeInputSchema>;

export const NgoTwoFactorInputSchema = z.object({ ngoId: IdSchema });
export const NgoTwoFactorSchema = z.object({
  ngoId: z.number(),
  required: z.boolean(),
  since: z.string().nullable(),
});
export type NgoTwoFactor = z.infer<typeof NgoTwoFactorSchema>;
export const SetNgoTwoFactorInputSchema = z.object({
  ngoId: IdSchema,
  required: z.boolean(says('validation.required', 'auth.twoFactor.ngo.label')),
});
export type SetNgoTwoFactorInput = z.infer<typeof SetNgoTwoFactorInputSchema>;

/** An Admin or Founder resets someone's two-factor sign-in after a lost phone (and first sees whether it is on). */
export const ResetTwoFactorInputSchema = z.object({ userId: IdSchema });
export type ResetTwoFactorInput = z.infer<typeof ResetTwoFactorInputSchema>;
export const UserTwoFactorSchema = z.object({
  userId: z.number(),
  /** On, or being set up (a secret offered): either can be reset. */
  resettable: z.boolean(),
  enabled: z.boolean(),
  resetAt: z.string().nullable(),
});
export type UserTwoFactor = z.infer<typeof UserTwoFactorSchema>;

