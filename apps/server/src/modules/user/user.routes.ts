import { CreateUserInputSchema, IdInputSchema, UpdateUserInputSchema, UserListInputSchema, UserSchema, envelopeOf, pageOf } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replaysRecord } from '../../plugins/idempotency';
import { actorOf } from '../auth/session.guard';
import type { UserService } from './user.service';

export function userRoutes(app: FastifyInstance, { users }: { users: UserService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'user.manage' } as const;
  // A replayed write (docs/decisions/011) is answered only while this actor still reaches that user and may manage their role.
  const saved = { ...config, replayAccess: replaysRecord((actor, id) => users.assertReplayReaches(actor, id)) };
  const tags = ['user'];

  r.post('/api/user/getUsers', { config, schema: { tags, summary: 'Users (active by default, or deactivated, or all), searched and paged', body: UserListInputSchema, response: { 200: pageOf(UserSchema) } } }, async (request) =>
    users.list(actorOf(request), request.body),
  );
  r.post('/api/user/getUserById', { config, schema: { tags, body: IdInputSchema, response: { 200: envelopeOf(UserSchema) } } }, async (request) => ({
    data: await users.get(actorOf(request), request.body.id),
  }));
  r.post('/api/user/createUser', { config: saved, schema: { tags, body: CreateUserInputSchema, response: { 200: envelopeOf(UserSchema) } } }, async (request) => ({
    data: await users.create(actorOf(request), request.body),
  }));
  r.post('/api/user/updateUser', { config: saved, schema: { tags, body: UpdateUserInputSchema, response: { 200: envelopeOf(UserSchema) } } }, async (request) => ({
    data: await users.update(actorOf(request), request.body),
  }));
  r.post(
    '/api/user/deleteUser',
    { config: saved, schema: { tags, summary: 'Deactivates the account and ends its sessions', body: IdInputSchema, response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      await users.deactivate(actorOf(request), request.body.id);
      return { data: null };
    },
  );
  r.post(
    '/api/user/reactivateUser',
    { config: saved, schema: { tags, summary: 'Brings a deactivated account back', body: IdInputSchema, response: { 200: envelopeOf(UserSchema) } } },
    async (request) => ({ data: await users.reactivate(actorOf(request), request.body.id) }),
  );
}
