import {
  ChangePasswordInputSchema,
  LoginAnswerSchema,
  LoginInputSchema,
  MeSchema,
  MessageSchema,
  SessionUserSchema,
  UpdateLanguageInputSchema,
  UpdateProfileInputSchema,
  VerifyTwoFactorInputSchema,
  envelopeOf,
} from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountService } from '../user/account.service';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, type AuthService } from './auth.service';
import { actorOf } from './session.guard';

interface Deps {
  auth: AuthService;
  account: AccountService;
  cookieSecure: boolean;
}

const NullEnvelope = envelopeOf(z.null());

export function authRoutes(app: FastifyInstance, { auth, account, cookieSecure }: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: cookieSecure } as const;

  r.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a username or email',
        body: LoginInputSchema,
        response: {
          200: envelopeOf(LoginAnswerSchema).describe('Signed in, or (two-factor sign-in on) a challenge to send back with a code; no session then.'),
          401: MessageSchema.describe('The login ID or password is wrong (one message for both, deactivated accounts included).'),
          403: MessageSchema.describe('The password is right but the account is deactivated; says whom to ask to reactivate it.'),
          429: MessageSchema.describe('Too many failed sign-ins for this login ID or from this address; wait and try again (Retry-After).'),
        },
      },
    },
    async (request, reply) => {
      try {
        const result = await auth.login(request.body, request.ip, request.cookies[SESSION_COOKIE]);
        if ('challenge' in result) {
          request.log.info({ event: 'login.twoFactorChallenge' }, 'password right, code needed');
          return { data: result };
        }
        request.log.info({ event: 'login.success', userId: result.user.id }, 'signed in');
        reply.setCookie(SESSION_COOKIE, result.token, { ...cookieOptions, maxAge: SESSION_MAX_AGE_MS / 1000 });
        return { data: result.user };
      } catch (err) {
        request.log.info({ event: 'login.failure' }, 'sign-in refused');
        throw err;
      }
    },
  );

  r.post(
    '/api/auth/twoFactor/verify',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Second step of a two-factor sign-in: the challenge and a code (authenticator or recovery) open the session',
        body: VerifyTwoFactorInputSchema,
        response: {
          200: envelopeOf(SessionUserSchema),
          401: MessageSchema.describe('The code is wrong or already used, or the challenge is unknown or expired.'),
          429: MessageSchema.describe('Too many codes tried for this sign-in or this account; wait and try again (Retry-After).'),
        },
      },
    },
    async (request, reply) => {
      try {
        const { token, user } = await auth.completeTwoFactor(request.body, request.cookies[SESSION_COOKIE]);
        request.log.info({ event: 'login.success', userId: user.id, twoFactor: true }, 'signed in');
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_MAX_AGE_MS / 1000 });
        return { data: user };
      } catch (err) {
        request.log.info({ event: 'login.twoFactorFailure' }, 'two-factor code refused');
        throw err;
      }
    },
  );

  r.post(
    '/api/auth/logout',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'End the current session', response: { 200: NullEnvelope } } },
    async (request, reply) => {
      await auth.logout(request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return { data: null };
    },
  );

  // Public, answering null when nobody is signed in: the app asks it on every first load, and a 401
  // there would be an error in the console of every sign-in page. The account was read with the
  // session (session.guard.ts): every signed-in call pays that read, and `me` pays nothing more.
  r.get(
    '/api/auth/me',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'The signed-in user, or null when there is no session', response: { 200: envelopeOf(MeSchema.nullable()) } } },
    async (request) => ({ data: request.account }),
  );

  r.post(
    '/api/auth/updateLanguage',
    {
      // Also on the two-factor set-up screen of someone who must set it up first.
      config: { access: 'settings', twoFactorSetup: true },
      schema: { tags: ['auth'], summary: 'Choose the language you read the app in', body: UpdateLanguageInputSchema, response: { 200: envelopeOf(MeSchema) } },
    },
    async (request) => ({ data: await account.updateLanguage(actorOf(request), request.body.language) }),
  );

  r.post(
    '/api/auth/updateProfile',
    {
      config: { access: 'settings' },
      schema: { tags: ['auth'], summary: 'Change your name and profile picture', body: UpdateProfileInputSchema, response: { 200: envelopeOf(MeSchema) } },
    },
    async (request) => ({ data: await account.updateProfile(actorOf(request), request.body) }),
  );

  r.post(
    '/api/auth/changePassword',
    {
      config: { access: 'settings' },
      schema: { tags: ['auth'], summary: 'Change your password; ends your other sessions', body: ChangePasswordInputSchema, response: { 200: NullEnvelope } },
    },
    async (request) => {
      await account.changePassword(actorOf(request), request.body);
      return { data: null };
    },
  );
}
