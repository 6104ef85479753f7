import { randomUUID } from 'node:crypto';
import type { Role } from '@rescuedesk/shared';
import type { Kysely } from 'kysely';
import type { DB, NgoRow, UserRow } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/password';
import { NgoRepository } from '../src/modules/ngo/ngo.repository';
import { UserRepository } from '../src/modules/user/user.repository';

/** Small factories: each test makes the records it needs, with unique names. */
export async function createNgo(db: Kysely<DB>, name = `NGO ${randomUUID().slice(0, 8)}`): Promise<NgoRow> {
  return new NgoRepository(db).insert({ name });
}

export interface CreateUserOptions {
  role: Role;
  ngoId: number | null;
  username?: string;
  email?: string;
  name?: string;
  password?: string;
}

export interface CreatedUser {
  user: UserRow;
  password: string;
}

export async function createUser(db: Kysely<DB>, options: CreateUserOptions): Promise<CreatedUser> {
  const suffix = randomUUID().slice(0, 8);
  const username = options.username ?? `${options.role.toLowerCase()}-${suffix}`;
  const password = options.password ?? `Pass-${suffix}`;
  const user = await new UserRepository(db).insert({
    ngo_id: options.ngoId,
    name: options.name ?? `${options.role} ${suffix}`,
    email: options.email ?? `${username}@example.org`,
    username,
    contact: null,
    role: options.role,
    password_hash: await hashPassword(password),
    profile_image: null,
    deactivated_at: null,
    created_by: null,
  });
  return { user, password };
}
