import { describe, expect, it } from 'vitest';
import { tr } from './i18n';
import { PAGE_ROUTES, ROLES, canAssignRole, menuFor, type Role } from './permissions';

/** The menu table of docs/product.md#roles-and-menu, written out by hand, so the data table is checked against it. */
const SPEC_MENU: Record<string, Record<Role, boolean>> = {
  Dashboard: { Admin: true, Founder: true, Manager: true, Worker: true, Committee: false },
  'Public reports': { Admin: true, Founder: true, Manager: true, Worker: true, Committee: false },
  Runs: { Admin: true, Founder: true, Manager: true, Worker: true, Committee: false },
  Reports: { Admin: true, Founder: true, Manager: true, Worker: false, Committee: true },
  'Coverage surveys': { Admin: true, Founder: true, Manager: true, Worker: true, Committee: false },
  Stock: { Admin: true, Founder: true, Manager: true, Worker: true, Committee: false },
  'Reporter Management': { Admin: true, Founder: true, Manager: true, Worker: true, Committee: false },
  Settings: { Admin: true, Founder: true, Manager: true, Worker: true, Committee: false },
  'User Management': { Admin: true, Founder: true, Manager: true, Worker: false, Committee: false },
  'Vet Management': { Admin: true, Founder: true, Manager: true, Worker: false, Committee: false },
  'NGO Management': { Admin: true, Founder: true, Manager: false, Worker: false, Committee: false },
  'Sponsor Management': { Admin: true, Founder: true, Manager: false, Worker: false, Committee: false },
  'Access log': { Admin: true, Founder: true, Manager: false, Worker: false, Committee: false },
};

describe('menuFor', () => {
  for (const role of ROLES) {
    it(`gives a ${role} exactly the menu entries of docs/product.md`, () => {
      const expected = Object.entries(SPEC_MENU)
        .filter(([, roles]) => roles[role])
        .map(([label]) => label)
        .sort();
      expect(menuFor(role).map((entry) => tr(entry.labelKey)).sort()).toEqual(expected);
    });
  }
});

describe('canAssignRole', () => {
  const table: Record<Role, Role[]> = {
    Admin: ['Admin', 'Founder', 'Manager', 'Worker', 'Committee'],
    Founder: ['Founder', 'Manager', 'Worker', 'Committee'],
    Manager: ['Worker'],
    Worker: [],
    Committee: [],
  };
  for (const actor of ROLES) {
    for (const target of ROLES) {
      const allowed = table[actor].includes(target);
      it(`${allowed ? 'lets' : 'refuses'} a ${actor} assigning ${target}`, () => {
        expect(canAssignRole(actor, target)).toBe(allowed);
      });
    }
  }
});

describe('PAGE_ROUTES', () => {
  it('lists every page of docs/product.md inside the shell', () => {
    expect(PAGE_ROUTES.map((r) => r.path).sort()).toEqual(
      [
        '/dashboard',
        '/dashboard/case',
        '/dashboard/deleted',
        '/intake',
        '/dashboard/case/print',
        '/runs',
        '/runs/plan',
        '/runs/sheet',
        '/runs/register',
        '/report',
        '/report/complaints',
        '/user',
        '/user/adduser',
        '/settings',
        '/ngo',
        '/ngo/addngo',
        '/reporter',
        '/reporter/addreporter',
        '/vet',
        '/vet/addvet',
        '/sponsor',
        '/sponsor/addsponsor',
        '/sponsor/cases',
        '/ward',
        '/ward/view',
        '/ward/survey',
        '/stock',
        '/privacy/access-log',
        '/privacy/retention',
        '/privacy/requests',
        '/privacy/breaches',
      ].sort(),
    );
  });
});
