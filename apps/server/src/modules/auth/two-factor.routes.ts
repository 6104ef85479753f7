import {
  ConfirmTwoFactorInputSchema,
  NgoTwoFactorInputSchema,
  NgoTwoFactorSchema,
  RecoveryCodesSchema,
  ResetTwoFactorInputSchema,
  SetNgoTwoFactorInputSchema,
  TwoFactorEnrolmentSchema,
  TwoFactorPasswordAndCodeInputSchema,
  TwoFactorStatusSchema,
  UserTwoFactorSchema,
  envelopeOf,
} from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from './session.guard';
import type { TwoFactorService } from './two-factor.service';

const NullEnvelope = envelopeOf(z.null());

/** The signed-in user's two-factor sign-in, and an NGO's requirement of it (docs/security.md#two-factor-sign-in). */
export function twoFactorRoutes(app: FastifyInstance, twoFactor: TwoFactorService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  // The set-up itself answers someone past their date to set it up; turning off and new codes need it on already.
  const setup = { access: 'settings', twoFactorSetup: true } as const;

  r.get(
    '/api/auth/twoFactor',
    { config: setup, schema: { tags, summary: 'Your two-factor sign-in: on or off, required, by when', response: { 200: envelopeOf(TwoFactorStatusSchema) } } },
    async (request) => ({ data: await twoFactor.status(actorOf(request)) }),
  );

  r.post(
    '/api/auth/twoFactor/start',
    { config: setup, schema: { tags, summary: 'A new secret and its QR code; nothing changes until a code confirms it', response: { 200: envelopeOf(TwoFactorEnrolmentSchema) } } },
    async (request) => ({ data: await twoFactor.start(actorOf(request)) }),
  );

  r.post(
    '/api/auth/twoFactor/confirm',
    {
      config: setup,
      schema: { tags, summary: 'Turn two-factor sign-in on with a current code; answers the recovery codes, once', body: ConfirmTwoFactorInputSchema, response: { 200: envelopeOf(RecoveryCodesSchema) } },
    },
    async (request) => ({ data: await twoFactor.confirm(actorOf(request), request.body) }),
  );

  r.post(
    '/api/auth/twoFactor/disable',
    {
      config: { access: 'settings' },
      schema: { tags, summary: 'Turn two-factor sign-in off (password and a code)', body: TwoFactorPasswordAndCodeInputSchema, response: { 200: NullEnvelope } },
    },
    async (request) => {
      await twoFactor.disable(actorOf(request), request.body);
      return { data: null };
    },
  );

  r.post(
    '/api/auth/twoFactor/newRecoveryCodes',
    {
      config: { access: 'settings' },
      schema: { tags, summary: 'Replace your recovery codes (password and a code)', body: TwoFactorPasswordAndCodeInputSchema, response: { 200: envelopeOf(RecoveryCodesSchema) } },
    },
    async (request) => ({ data: await twoFactor.newRecoveryCodes(actorOf(request), request.body) }),
  );

  r.post(
    '/api/auth/twoFactor/getUserStatus',
    {
      config: { access: 'user.resetTwoFactor' },
      schema: { tags, summary: "Whether a user's two-factor sign-in is on, for whoever may reset it", body: ResetTwoFactorInputSchema, response: { 200: envelopeOf(UserTwoFactorSchema) } },
    },
    async (request) => ({ data: await twoFactor.userStatus(actorOf(request), request.body) }),
  );

  r.post(
    '/api/auth/twoFactor/resetUser',
    {
      config: { access: 'user.resetTwoFactor' },
      schema: {
        tags,
        summary: "Reset a user's two-factor sign-in after a lost phone: secret, recovery codes and sessions end (Admin; a Founder for the other roles of their NGO)",
        body: ResetTwoFactorInputSchema,
        response: { 200: NullEnvelope },
      },
    },
    async (request) => {
      await twoFactor.reset(actorOf(request), request.body);
      return { data: null };
    },
  );

  r.post(
    '/api/auth/twoFactor/getNgoRequirement',
    {
      config: { access: 'ngo.requireTwoFactor' },
      schema: { tags, summary: "Whether an NGO requires two-factor sign-in of its members (Admin)", body: NgoTwoFactorInputSchema, response: { 200: envelopeOf(NgoTwoFactorSchema) } },
    },
    async (request) => ({ data: await twoFactor.ngoSetting(actorOf(request), request.body.ngoId) }),
  );

  r.post(
    '/api/auth/twoFactor/setNgoRequirement',
    {
      config: { access: 'ngo.requireTwoFactor' },
      schema: { tags, summary: 'Require two-factor sign-in of every member of an NGO, or stop (Admin)', body: SetNgoTwoFactorInputSchema, response: { 200: envelopeOf(NgoTwoFactorSchema) } },
    },
    async (request) => ({ data: await twoFactor.setNgoRequired(actorOf(request), request.body) }),
  );
}
