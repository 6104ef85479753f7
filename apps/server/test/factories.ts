import { randomUUID } from 'node:crypto';
import type { Role } from '@rescuedesk/shared';
import type { Kysely } from 'kysely';
import type { DB, NgoRow, UserRow } from '../src/db/schema';
import { hash } from '@node-rs/argon2';
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

/**
 * Argon2id at the lowest cost, for accounts a test makes: the sign-in checks the password with the
 * cost written in its hash, so each test's logins cost a millisecond instead of tens. The app's own
 * hashing (hashPassword, the library's default cost) is pinned by auth.routes.test.ts.
 */
const TEST_HASH_COST = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

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
    password_hash: await hash(password, TEST_HASH_COST),
    profile_image: null,
    deactivated_at: null,
    created_by: null,
  });
  return { user, password };
}
