/**
 * The role tables of docs/product.md#roles-and-menu as data. Server guards, the sidebar, the route guards in the browser and
 * the generated permission tests all read these tables, so a permission is changed in one place.
 */
import type { MessageKey } from './i18n';

export const ROLES = ['Admin', 'Founder', 'Manager', 'Worker', 'Committee'] as const;
export type Role = (typeof ROLES)[number];

/** The NGO's staff. A Committee member (docs/product.md#roles-and-menu) only reads the ABC report and charts, and signs the month. */
export const STAFF_ROLES = ['Admin', 'Founder', 'Manager', 'Worker'] as const satisfies readonly Role[];

const ALL: readonly Role[] = STAFF_ROLES;

/** What each role may do. Menu entries, pages and API routes each name one of these. */
export const PERMISSIONS = {
  dashboard: ALL,
  'case.read': ALL,
  'case.write': ALL,
  'case.delete': ['Admin', 'Founder', 'Manager'],
  'case.restore': ['Admin', 'Founder'],
  'reporter.manage': ALL,
  // Reports citizens send through the NGO's public page (docs/citizen-reports.md): whoever answers the helpline triages them.
  'intake.triage': ALL,
  // Coverage surveys (docs/coverage.md): everyone counts dogs; the wards they walk are managed by the office.
  'survey.record': ALL,
  'ward.manage': ['Admin', 'Founder', 'Manager'],
  // Stock (docs/stock.md): everyone sees it and uses it on cases; the office adds items, receives batches and adjusts them.
  'stock.view': ALL,
  'stock.manage': ['Admin', 'Founder', 'Manager'],
  settings: ALL,
  'user.manage': ['Admin', 'Founder', 'Manager'],
  'vet.manage': ['Admin', 'Founder', 'Manager'],
  'ngo.manage': ['Admin', 'Founder'],
  'ngo.create': ['Admin'],
  // Requiring two-factor sign-in of an NGO's members (docs/security.md#two-factor-sign-in).
  'ngo.requireTwoFactor': ['Admin'],
  // Resetting someone's two-factor sign-in after a lost phone; whose, canResetTwoFactor says.
  'user.resetTwoFactor': ['Admin', 'Founder'],
  'sponsor.manage': ['Admin', 'Founder'],
  'image.upload': ALL,
  'image.read': ALL,
  'docs.read': ALL,
  // Runs (docs/product.md#runs): the office plans a day's catching or release run; every crew member works one.
  'run.plan': ['Admin', 'Founder', 'Manager'],
  'run.work': ALL,
  // Reports and exports (docs/reports.md): the monthly ABC report, its PDF and per-dog register.
  'report.read': ['Admin', 'Founder', 'Manager', 'Committee'],
  // The dashboard's charts: on the dashboard for staff, on the report page for the committee (no case list, no personal data).
  'report.charts': [...ALL, 'Committee'],
  // Signing the month's report (docs/reports.md#signing-the-monthly-report): the office signs as the project's vet, the committee as the officers.
  'report.sign': ['Admin', 'Founder', 'Manager', 'Committee'],
  // Phone numbers, email addresses and identity documents in CSV exports; Workers' exports leave them out.
  'export.personal': ['Admin', 'Founder', 'Manager'],
  // Personal data (docs/privacy.md): anyone may reveal a masked value, logged; the Founder (an Admin across NGOs) reads the log.
  'personal.reveal': ALL,
  'privacy.log': ['Admin', 'Founder'],
  // Retention of reporters' data, data requests and the breach register (docs/privacy.md).
  'privacy.manage': ['Admin', 'Founder'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

export interface MenuEntry {
  /** The entry's text in the catalogue. */
  labelKey: MessageKey;
  path: string;
  permission: Permission;
}

/** The sidebar, in display order (docs/product.md#roles-and-menu says who sees which entry). */
export const MENU: readonly MenuEntry[] = [
  { labelKey: 'nav.dashboard', path: '/dashboard', permission: 'dashboard' },
  { labelKey: 'citizen.intake.nav', path: '/intake', permission: 'intake.triage' },
  { labelKey: 'runs.nav.runs', path: '/runs', permission: 'run.work' },
  { labelKey: 'reports.nav.reports', path: '/report', permission: 'report.read' },
  { labelKey: 'surveys.nav.wards', path: '/ward', permission: 'survey.record' },
  { labelKey: 'stock.nav.stock', path: '/stock', permission: 'stock.view' },
  { labelKey: 'nav.users', path: '/user', permission: 'user.manage' },
  { labelKey: 'nav.ngos', path: '/ngo', permission: 'ngo.manage' },
  { labelKey: 'nav.reporters', path: '/reporter', permission: 'reporter.manage' },
  { labelKey: 'nav.vets', path: '/vet', permission: 'vet.manage' },
  { labelKey: 'nav.sponsors', path: '/sponsor', permission: 'sponsor.manage' },
  { labelKey: 'privacy.nav.accessLog', path: '/privacy/access-log', permission: 'privacy.log' },
  { labelKey: 'nav.settings', path: '/settings', permission: 'settings' },
];

export function menuFor(role: Role): MenuEntry[] {
  return MENU.filter((entry) => can(role, entry.permission));
}

export interface PageRoute {
  path: string;
  /** The page's title in the catalogue. */
  titleKey: MessageKey;
  permission: Permission;
}

/** Every page inside the shell, with the permission that opens it. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '/dashboard', titleKey: 'nav.dashboard', permission: 'dashboard' },
  { path: '/dashboard/case', titleKey: 'page.case', permission: 'case.read' },
  { path: '/dashboard/case/print', titleKey: 'reports.caseSheet.title', permission: 'case.read' },
  { path: '/report', titleKey: 'reports.abc.title', permission: 'report.read' },
  { path: '/report/complaints', titleKey: 'citizen.register.title', permission: 'report.read' },
  { path: '/intake', titleKey: 'citizen.intake.title', permission: 'intake.triage' },
  { path: '/dashboard/deleted', titleKey: 'cases.deleted.title', permission: 'case.restore' },
  { path: '/ward', titleKey: 'surveys.wards.title', permission: 'survey.record' },
  { path: '/ward/view', titleKey: 'surveys.nav.wards', permission: 'survey.record' },
  { path: '/ward/survey', titleKey: 'surveys.record.title', permission: 'survey.record' },
  { path: '/stock', titleKey: 'stock.page.title', permission: 'stock.view' },
  { path: '/runs', titleKey: 'runs.list.title', permission: 'run.work' },
  { path: '/runs/plan', titleKey: 'runs.plan.title', permission: 'run.plan' },
  { path: '/runs/sheet', titleKey: 'runs.list.title', permission: 'run.work' },
  { path: '/runs/register', titleKey: 'runs.register.title', permission: 'run.work' },
  { path: '/user', titleKey: 'nav.users', permission: 'user.manage' },
  { path: '/user/adduser', titleKey: 'page.addUser', permission: 'user.manage' },
  { path: '/ngo', titleKey: 'page.ngoManagement', permission: 'ngo.manage' },
  { path: '/ngo/addngo', titleKey: 'page.addNgo', permission: 'ngo.manage' },
  { path: '/reporter', titleKey: 'nav.reporters', permission: 'reporter.manage' },
  { path: '/reporter/addreporter', titleKey: 'page.addReporter', permission: 'reporter.manage' },
  { path: '/vet', titleKey: 'nav.vets', permission: 'vet.manage' },
  { path: '/vet/addvet', titleKey: 'page.addVet', permission: 'vet.manage' },
  { path: '/sponsor', titleKey: 'nav.sponsors', permission: 'sponsor.manage' },
  { path: '/sponsor/addsponsor', titleKey: 'page.addSponsor', permission: 'sponsor.manage' },
  { path: '/sponsor/cases', titleKey: 'reports.sponsorCases.title', permission: 'sponsor.manage' },
  { path: '/privacy/access-log', titleKey: 'privacy.log.title', permission: 'privacy.log' },
  { path: '/privacy/retention', titleKey: 'privacy.retention.title', permission: 'privacy.manage' },
  { path: '/privacy/requests', titleKey: 'privacy.requests.title', permission: 'privacy.manage' },
  { path: '/privacy/breaches', titleKey: 'privacy.breach.title', permission: 'privacy.manage' },
  { path: '/settings', titleKey: 'nav.settings', permission: 'settings' },
];

/** Who may give which role to a user they create or edit (docs/product.md#role-assignment). */
export const ROLE_ASSIGNMENT: Readonly<Record<Role, readonly Role[]>> = {
  Admin: ['Admin', 'Founder', 'Manager', 'Worker', 'Committee'],
  Founder: ['Founder', 'Manager', 'Worker', 'Committee'],
  Manager: ['Worker'],
  Worker: [],
  Committee: [],
};

export function canAssignRole(actorRole: Role, targetRole: Role): boolean {
  return ROLE_ASSIGNMENT[actorRole].includes(targetRole);
}

/**
 * Whose two-factor sign-in a role may reset (docs/decisions/028): an Admin anyone's (of any NGO),
 * a Founder only that of the roles below Founder in their own NGO; nobody their own.
 */
export function canResetTwoFactor(actorRole: Role, targetRole: Role): boolean {
  if (actorRole === 'Admin') return true;
  return actorRole === 'Founder' && targetRole !== 'Admin' && targetRole !== 'Founder';
}
