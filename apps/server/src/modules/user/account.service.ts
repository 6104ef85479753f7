import {
  MESSAGES,
  type Language,
  type ChangePasswordInput,
  type Me,
  type UpdateProfileInput,
  tr,
} from '@rescuedesk/shared';
import type { UnitOfWork } from '../../db/unit-of-work';
import { NotFoundError, ValidationError } from '../../errors';
import type { Actor } from '../../lib/actor';
import type { AuditRepository } from '../audit/audit.repository';
import type { SessionRepository } from '../auth/session.repository';
import { hashPassword, verifyPassword } from '../auth/password';
import type { ImageRepository } from '../image/image.repository';
import { meOf } from './me';
import type { UserRepository, UserWithNgo } from './user.repository';

type Repos = { users: UserRepository; sessions: SessionRepository; images: ImageRepository; audit: AuditRepository };

/** What signed-in users do to their own account: read it, rename it, change picture and password. */
export class AccountService {
  constructor(private readonly uow: UnitOfWork<Repos>) {}

  /** The account as it is now, read afresh (after a change); a request's own is read with its session. */
  async me(actor: Actor): Promise<Me> {
    const user = await this.own(actor);
    return meOf(user.id, user);
  }

  async updateProfile(actor: Actor, input: UpdateProfileInput): Promise<Me> {
    const current = await this.own(actor);
    if (input.profileImage) {
      // The picture must be one the user could see: an image of their own NGO (Admin: platform or any).
      const found = await this.uow.repos.images.existingNames(actor.role === 'Admin' ? 'all' : actor.ngoId, [input.profileImage]);
      if (!found.has(input.profileImage)) throw new ValidationError(tr('validation.profileImageNotUploaded'));
    }
    const changed: string[] = [];
    if (input.name !== current.name) changed.push('name');
    if (input.profileImage !== undefined && input.profileImage !== current.profile_image) changed.push('profileImage');

    await this.uow.transaction(async ({ users, audit }) => {
      if (changed.length === 0) return;
      await users.update(current, {
        name: input.name,
        ...(input.profileImage !== undefined ? { profile_image: input.profileImage } : {}),
      });
      await audit.append(actor, { entity: 'user', entityId: actor.id, action: 'updateProfile', ngoId: current.ngo_id, fields: changed });
    });
    return this.me(actor);
  }

  /** The language the user reads the app in, kept with the account so every device follows it. */
  async updateLanguage(actor: Actor, language: Language): Promise<Me> {
    const current = await this.own(actor);
    if (current.language !== language) {
      await this.uow.transaction(async ({ users, audit }) => {
        await users.update(current, { language });
        await audit.append(actor, { entity: 'user', entityId: actor.id, action: 'updateLanguage', ngoId: current.ngo_id, fields: ['language'] });
      });
    }
    return this.me(actor);
  }

  /** Changing the password ends every other session of the user; the current one stays signed in. */
  async changePassword(actor: Actor, input: ChangePasswordInput): Promise<void> {
    const current = await this.own(actor);
    if (!(await verifyPassword(current.password_hash, input.oldPassword))) {
      throw new ValidationError(MESSAGES.oldPasswordIncorrect);
    }
    const passwordHash = await hashPassword(input.newPassword);
    await this.uow.transaction(async ({ users, sessions, audit }) => {
      await users.update(current, { password_hash: passwordHash });
      await sessions.deleteForUser(actor.id, actor.sessionId);
      await audit.append(actor, { entity: 'user', entityId: actor.id, action: 'changePassword', ngoId: current.ngo_id, fields: ['password'] });
    });
  }

  /** The actor's own account, read in the actor's own NGO area. */
  private async own(actor: Actor): Promise<UserWithNgo> {
    const user = await this.uow.repos.users.findInScope(actor.ngoId, actor.id);
    if (!user) throw new NotFoundError();
    return user;
  }
}
