import {
  RoleSchema,
  canAssignRole,
  type CreateUserInput,
  type UserListInput,
  type PageMeta,
  type UpdateUserInput,
  type User,
  optionKey,
  tr,
} from '@rescuedesk/shared';
import type { UnitOfWork } from '../../db/unit-of-work';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { changedFields, definedOnly } from '../../lib/changes';
import { parseList, serializeList } from '../../lib/json-list';
import { creationNgo, listScope, recordScope } from '../../lib/tenancy';
import { nowIso } from '../../lib/time';
import type { AuditRepository } from '../audit/audit.repository';
import { hashPassword } from '../auth/password';
import type { SessionRepository } from '../auth/session.repository';
import { assertImagesBelong } from '../image/image-references';
import type { ImageRepository } from '../image/image.repository';
import type { NgoRepository } from '../ngo/ngo.repository';
import type { UserRepository, UserWithNgo } from './user.repository';
import type { UserRow } from '../../db/schema';

type Repos = { users: UserRepository; ngos: NgoRepository; sessions: SessionRepository; images: ImageRepository; audit: AuditRepository };

export const ownPasswordMessage = () => tr('validation.ownPasswordInSettings');

/**
 * User management. The role-assignment table (docs/product.md#role-assignment) decides who may create, edit or
 * deactivate whom: an actor handles only users whose role they could assign, and nobody raises
 * their own role or moves their own NGO.
 */
export class UserService {
  constructor(private readonly uow: UnitOfWork<Repos>) {}

  async list(actor: Actor, input: UserListInput): Promise<{ data: User[]; meta: PageMeta }> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const page = await this.uow.repos.users.list(scope, input);
    return { data: page.rows.map(toUser), meta: { total: page.total, page: input.page, pageSize: input.pageSize } };
  }

  async get(actor: Actor, id: number): Promise<User> {
    return toUser(await this.find(actor, id));
  }

  async create(actor: Actor, input: CreateUserInput): Promise<User> {
    assertMayAssign(actor, input.role);
    assertDesignation(input.role, input.designation);
    const ngoId = actor.role === 'Admin' && input.role === 'Admin' && !input.ngoId && !input.ngoName ? null : await creationNgo(actor, input, this.uow.repos.ngos);
    await this.assertUnique(input.email, input.username);
    await assertImagesBelong(this.uow.repos.images, ngoId, { 'field.profileImage': input.profileImage, 'field.verificationId': input.verificationId });
    const passwordHash = await hashPassword(input.password);
    const created = await this.uow.transaction(async ({ users, audit }) => {
      const row = await users.insert({
        ngo_id: ngoId,
        name: input.name,
        email: input.email,
        username: input.username,
        contact: input.contact,
        role: input.role,
        designation: input.designation ?? null,
        password_hash: passwordHash,
        profile_image: input.profileImage ?? null,
        verification_id: serializeList(input.verificationId ?? []),
        deactivated_at: null,
        created_by: actor.id,
      });
      await audit.append(actor, { entity: 'user', entityId: row.id, action: 'create', ngoId, fields: ['name', 'email', 'username', 'contact', 'role', 'password'] });
      return row;
    });
    return this.get(actor, created.id);
  }

  async update(actor: Actor, input: UpdateUserInput): Promise<User> {
    const target = await this.find(actor, input.id);
    const self = target.id === actor.id;
    if (self) {
      // One's own password changes only where the current one is asked for (docs/product.md#sign-in-and-sessions).
      if (input.password !== undefined) throw new ValidationError(ownPasswordMessage());
      if (input.role !== undefined && input.role !== target.role) throw new ForbiddenError(tr('error.cannotChangeOwnRole'));
    } else {
      assertMayAssign(actor, RoleSchema.parse(target.role));
      if (input.role !== undefined) assertMayAssign(actor, input.role);
    }
    assertDesignation(input.role ?? RoleSchema.parse(target.role), input.designation === undefined ? target.designation : input.designation);
    const ngoId = await this.newNgoOf(actor, target, input, self);
    await this.assertUnique(input.email, input.username, target.id);
    await assertImagesBelong(this.uow.repos.images, ngoId, { 'field.profileImage': input.profileImage, 'field.verificationId': input.verificationId });

    const current = toUser(target);
    const changed = changedFields(current, { ...input, id: undefined, ngoId: ngoId === target.ngo_id ? undefined : ngoId });
    if (input.password !== undefined) changed.push('password');
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    await this.uow.transaction(async ({ users, sessions, audit }) => {
      await users.update(
        target,
        definedOnly({
          name: input.name,
          email: input.email,
          username: input.username,
          contact: input.contact,
          role: input.role,
          designation: input.designation,
          ngo_id: ngoId,
          profile_image: input.profileImage,
          verification_id: input.verificationId === undefined ? undefined : serializeList(input.verificationId ?? []),
          password_hash: passwordHash,
        }),
      );
      // A new password, role or NGO must not ride on sessions opened before it.
      // Someone else's role or password change is told to the holders of the ended sessions once
      // (docs/product.md#sign-in-and-sessions); an NGO move alone simply ends them.
      const except = self ? actor.sessionId : undefined;
      const reason = changed.includes('role') ? 'roleChanged' : passwordHash !== undefined && !self ? 'passwordChanged' : null;
      if (reason) await sessions.endForUser(target.id, reason, except);
      else if (passwordHash !== undefined || changed.includes('ngoId')) await sessions.deleteForUser(target.id, except);
      if (changed.length > 0) await audit.append(actor, { entity: 'user', entityId: target.id, action: 'update', ngoId, fields: changed });
    });
    return this.get(actor, target.id);
  }

  /** "Deleting" a user deactivates the account: its sessions end, its name stays on its records. */
  async deactivate(actor: Actor, id: number): Promise<void> {
    const target = await this.find(actor, id);
    if (target.id === actor.id) throw new ValidationError(tr('validation.cannotDeactivateSelf'));
    assertMayAssign(actor, RoleSchema.parse(target.role));
    if (target.deactivated_at !== null) return;
    await this.uow.transaction(async ({ users, sessions, audit }) => {
      await users.update(target, { deactivated_at: nowIso() });
      await sessions.deleteForUser(target.id);
      await audit.append(actor, { entity: 'user', entityId: target.id, action: 'deactivate', ngoId: target.ngo_id, fields: ['active'] });
    });
  }

  /** Brings a deactivated account back, under the same role rules as deactivating it. */
  async reactivate(actor: Actor, id: number): Promise<User> {
    const target = await this.find(actor, id);
    assertMayAssign(actor, RoleSchema.parse(target.role));
    if (target.deactivated_at !== null) {
      await this.uow.transaction(async ({ users, audit }) => {
        await users.update(target, { deactivated_at: null });
        await audit.append(actor, { entity: 'user', entityId: target.id, action: 'reactivate', ngoId: target.ngo_id, fields: ['active'] });
      });
    }
    return this.get(actor, target.id);
  }

  /**
   * A replayed write about this user (docs/decisions/011) is answered only while the actor still
   * reaches them and may still manage their role, as a fresh request is.
   */
  async assertReplayReaches(actor: Actor, id: number): Promise<void> {
    const target = await this.find(actor, id);
    if (target.id !== actor.id) assertMayAssign(actor, RoleSchema.parse(target.role));
  }

  private async find(actor: Actor, id: number): Promise<UserWithNgo> {
    const user = await this.uow.repos.users.findInScope(recordScope(actor), id);
    if (!user) throw new NotFoundError(tr('error.userNotFound'));
    return user;
  }

  /** Only an Admin moves a user to another NGO, and never their own account. */
  private async newNgoOf(actor: Actor, target: UserRow, input: UpdateUserInput, self: boolean): Promise<number | null> {
    const named = (input.ngoId !== undefined && input.ngoId !== null) || Boolean(input.ngoName);
    if (!named) return target.ngo_id;
    if (actor.role !== 'Admin') return creationNgo(actor, input, this.uow.repos.ngos);
    const ngoId = await creationNgo(actor, input, this.uow.repos.ngos);
    if (self && ngoId !== target.ngo_id) throw new ForbiddenError(tr('error.cannotChangeOwnNgo'));
    return ngoId;
  }

  private async assertUnique(email: string | undefined, username: string | undefined, exceptId?: number): Promise<void> {
    const { users } = this.uow.repos;
    // A clash with a deactivated account says so: the person may only need reactivating.
    const emailHolder = email === undefined ? undefined : await users.findClashAcrossNgos('email', email, exceptId);
    if (emailHolder) throw new ConflictError(tr(emailHolder.deactivated_at === null ? 'error.emailTaken' : 'error.emailTakenDeactivated'));
    const usernameHolder = username === undefined ? undefined : await users.findClashAcrossNgos('username', username, exceptId);
    if (usernameHolder) throw new ConflictError(tr(usernameHolder.deactivated_at === null ? 'error.usernameTaken' : 'error.usernameTakenDeactivated'));
  }
}

/** A committee member signs with their designation (docs/reports.md#signing-the-monthly-report), so they need one. */
function assertDesignation(role: User['role'], designation: string | null | undefined): void {
  if (role === 'Committee' && !designation) throw new ValidationError(tr('committee.error.designationRequired'));
}

function assertMayAssign(actor: Actor, role: User['role']): void {
  if (!canAssignRole(actor.role, role)) throw new ForbiddenError(tr('error.cannotManageRole', { actorRole: tr(optionKey('role', actor.role)), role: tr(optionKey('role', role)) }));
}

function toUser(row: UserWithNgo): User {
  return {
    id: row.id,
    ngoId: row.ngo_id,
    ngoName: row.ngo_name,
    name: row.name,
    email: row.email,
    username: row.username,
    contact: row.contact,
    role: RoleSchema.parse(row.role),
    designation: row.designation,
    profileImage: row.profile_image,
    verificationId: parseList(row.verification_id),
    active: row.deactivated_at === null,
  };
}
