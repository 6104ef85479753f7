import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { AuditRepository } from '../audit/audit.repository';
import { hashPassword } from '../auth/password';
import type { UserRepository } from './user.repository';

export interface FirstAdminResult {
  created: boolean;
  username?: string;
  /** Set only when the password was generated here, so it can be shown once. */
  generatedPassword?: string;
  /** The login ID asked for (ADMIN_USERNAME or 'admin') when another account already used it. */
  wantedUsername?: string;
}

type Users = Pick<UserRepository, 'insert' | 'countActiveAdmins' | 'isLoginIdTaken'>;

/**
 * Makes sure someone can administer the platform: when the database has no active Admin (a fresh
 * database, one filled by the seed script, or one whose Admins were all deactivated), creates one
 * from ADMIN_* or with a generated password. Users of other roles do not count: they cannot
 * create NGOs or Admins.
 */
export async function ensureFirstAdmin(repos: { users: Users; audit: AuditRepository }, admin: Config['admin']): Promise<FirstAdminResult> {
  if ((await repos.users.countActiveAdmins()) > 0) return { created: false };
  const wanted = admin.username ?? 'admin';
  const username = await freeLoginId(repos.users, wanted);
  const email = admin.email && !(await repos.users.isLoginIdTaken(admin.email)) ? admin.email : `${username}@rescuedesk.invalid`;
  const generatedPassword = admin.password ? undefined : randomBytes(12).toString('base64url');
  const password = admin.password ?? generatedPassword!;
  const user = await repos.users.insert({
    ngo_id: null,
    name: 'Administrator',
    email,
    username,
    contact: null,
    role: 'Admin',
    password_hash: await hashPassword(password),
    profile_image: null,
    verification_id: '[]',
    deactivated_at: null,
    created_by: null,
  });
  await repos.audit.append(null, { entity: 'user', entityId: user.id, action: 'create', ngoId: null, fields: ['name', 'email', 'username', 'role', 'password'] });
  return {
    created: true,
    username,
    ...(generatedPassword ? { generatedPassword } : {}),
    ...(username !== wanted ? { wantedUsername: wanted } : {}),
  };
}

/** The wanted login ID, or the first of wanted-2, wanted-3... that no account uses as username or email. */
async function freeLoginId(users: Users, wanted: string): Promise<string> {
  let candidate = wanted;
  for (let n = 2; await users.isLoginIdTaken(candidate); n++) candidate = `${wanted}-${n}`;
  return candidate;
}

/** What the console says after the check, so whoever starts the server knows how to sign in. */
export function firstAdminNotice(result: FirstAdminResult, admin: Config['admin']): string[] {
  if (!result.created) {
    const given = [admin.username && 'ADMIN_USERNAME', admin.email && 'ADMIN_EMAIL', admin.password && 'ADMIN_PASSWORD'].filter(Boolean);
    return given.length > 0
      ? [`${given.join(', ')} ignored: the database already has an active Admin (these settings only create the first one).`]
      : [];
  }
  const lines = ['', `First Admin account created (the database had no active Admin). Login ID: ${result.username}`];
  if (result.wantedUsername) lines.push(`(The login ID '${result.wantedUsername}' is already used by another account.)`);
  lines.push(
    result.generatedPassword
      ? `Generated password (shown only now; change it in Settings): ${result.generatedPassword}`
      : 'Password: the ADMIN_PASSWORD you set.',
  );
  lines.push('');
  return lines;
}
