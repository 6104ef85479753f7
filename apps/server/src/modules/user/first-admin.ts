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
}

/** On an empty database, creates the one Admin who can then create everything else. */
export async function ensureFirstAdmin(
  repos: { users: UserRepository; audit: AuditRepository },
  admin: Config['admin'],
): Promise<FirstAdminResult> {
  if ((await repos.users.count()) > 0) return { created: false };
  const username = admin.username ?? 'admin';
  const generatedPassword = admin.password ? undefined : randomBytes(12).toString('base64url');
  const password = admin.password ?? generatedPassword!;
  const user = await repos.users.insert({
    ngo_id: null,
    name: 'Administrator',
    email: admin.email ?? `${username}@rescuedesk.invalid`,
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
  return generatedPassword ? { created: true, username, generatedPassword } : { created: true, username };
}
