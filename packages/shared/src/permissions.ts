/**
 * The spec's role tables as data. Server guards, the sidebar, the route guards in the browser and
 * the generated permission tests all read these tables, so a permission is changed in one place.
 */
export const ROLES = ['Admin', 'Founder', 'Manager', 'Worker'] as const;
export type Role = (typeof ROLES)[number];

const ALL: readonly Role[] = ROLES;

/** What each role may do. Menu entries, pages and API routes each name one of these. */
export const PERMISSIONS = {
  dashboard: ALL,
  'case.read': ALL,
  'case.write': ALL,
  'case.delete': ['Admin', 'Founder', 'Manager'],
  'case.restore': ['Admin', 'Founder'],
  'reporter.manage': ALL,
  settings: ALL,
  'user.manage': ['Admin', 'Founder', 'Manager'],
  'vet.manage': ['Admin', 'Founder', 'Manager'],
  'ngo.manage': ['Admin', 'Founder'],
  'ngo.create': ['Admin'],
  'sponsor.manage': ['Admin', 'Founder'],
  'image.upload': ALL,
  'image.read': ALL,
  'docs.read': ALL,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

export interface MenuEntry {
  label: string;
  path: string;
  permission: Permission;
}

/** The sidebar, in display order. Section 6 of the spec says who sees which entry. */
export const MENU: readonly MenuEntry[] = [
  { label: 'Dashboard', path: '/dashboard', permission: 'dashboard' },
  { label: 'User Management', path: '/user', permission: 'user.manage' },
  { label: 'NGO Management', path: '/ngo', permission: 'ngo.manage' },
  { label: 'Reporter Management', path: '/reporter', permission: 'reporter.manage' },
  { label: 'Vet Management', path: '/vet', permission: 'vet.manage' },
  { label: 'Sponsor Management', path: '/sponsor', permission: 'sponsor.manage' },
  { label: 'Settings', path: '/settings', permission: 'settings' },
];

export function menuFor(role: Role): MenuEntry[] {
  return MENU.filter((entry) => can(role, entry.permission));
}

export interface PageRoute {
  path: string;
  title: string;
  permission: Permission;
}

/** Every page of the spec inside the shell, with the permission that opens it. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '/dashboard', title: 'Dashboard', permission: 'dashboard' },
  { path: '/dashboard/case', title: 'Case', permission: 'case.read' },
  { path: '/user', title: 'User Management', permission: 'user.manage' },
  { path: '/user/adduser', title: 'Add User', permission: 'user.manage' },
  { path: '/ngo', title: 'Ngo Management', permission: 'ngo.manage' },
  { path: '/ngo/addngo', title: 'Add Ngo', permission: 'ngo.manage' },
  { path: '/reporter', title: 'Reporter Management', permission: 'reporter.manage' },
  { path: '/reporter/addreporter', title: 'Add Reporter', permission: 'reporter.manage' },
  { path: '/vet', title: 'Vet Management', permission: 'vet.manage' },
  { path: '/vet/addvet', title: 'Add Vet', permission: 'vet.manage' },
  { path: '/sponsor', title: 'Sponsor Management', permission: 'sponsor.manage' },
  { path: '/sponsor/addsponsor', title: 'Add Sponsor', permission: 'sponsor.manage' },
  { path: '/settings', title: 'Settings', permission: 'settings' },
];

/** Who may give which role to a user they create or edit (spec section 6). */
export const ROLE_ASSIGNMENT: Readonly<Record<Role, readonly Role[]>> = {
  Admin: ['Admin', 'Founder', 'Manager', 'Worker'],
  Founder: ['Founder', 'Manager', 'Worker'],
  Manager: ['Worker'],
  Worker: [],
};

export function canAssignRole(actorRole: Role, targetRole: Role): boolean {
  return ROLE_ASSIGNMENT[actorRole].includes(targetRole);
}
