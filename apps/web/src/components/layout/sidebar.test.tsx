import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Me, Role } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../test/render';
import { Sidebar } from './sidebar';

/** docs/product.md#roles-and-menu, written out by hand so the test does not just echo the permission table. */
const EXPECTED_MENU: Record<Role, string[]> = {
  Admin: ['Dashboard', 'Public reports', 'Runs', 'Reports', 'Coverage surveys', 'Stock', 'User Management', 'NGO Management', 'Reporter Management', 'Vet Management', 'Sponsor Management', 'Access log', 'Settings'],
  Founder: ['Dashboard', 'Public reports', 'Runs', 'Reports', 'Coverage surveys', 'Stock', 'User Management', 'NGO Management', 'Reporter Management', 'Vet Management', 'Sponsor Management', 'Access log', 'Settings'],
  Manager: ['Dashboard', 'Public reports', 'Runs', 'Reports', 'Coverage surveys', 'Stock', 'User Management', 'Reporter Management', 'Vet Management', 'Settings'],
  Worker: ['Dashboard', 'Public reports', 'Runs', 'Coverage surveys', 'Stock', 'Reporter Management', 'Settings'],
  Committee: ['Reports'],
};

function userWith(overrides: Partial<Me>): Me {
  return {
    id: 7,
    role: 'Worker',
    ngoId: 3,
    name: 'Wasim Worker',
    username: 'worker',
    email: 'worker@example.org',
    profileImage: null,
    ngoName: 'Green Paws Trust',
    language: 'en',
    ...overrides,
  };
}

function menuLabels(): string[] {
  return screen.getAllByRole('link').map((link) => link.textContent ?? '');
}

describe('Sidebar', () => {
  it.each(Object.entries(EXPECTED_MENU))('shows exactly the entries the product rules give the %s role, in order', (role, expected) => {
    renderWithProviders(<Sidebar me={userWith({ role: role as Role })} />);
    expect(menuLabels()).toEqual(expected);
  });

  it('marks the entry of the current page, including its sub-pages', () => {
    renderWithProviders(<Sidebar me={userWith({})} />, { route: '/dashboard/case' });
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBeNull();
  });

  it("shows the user's name, role and NGO, with initials when there is no picture", () => {
    const { container } = renderWithProviders(<Sidebar me={userWith({})} />);
    expect(screen.getByText('Wasim Worker')).toBeTruthy();
    expect(screen.getByText('Worker · Green Paws Trust')).toBeTruthy();
    expect(within(container).getByText('WW')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('loads the profile picture from the NGO image store, and the platform store for an Admin without an NGO', () => {
    const file = '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9.webp';
    const first = renderWithProviders(<Sidebar me={userWith({ profileImage: file })} />);
    expect(first.container.querySelector('img')?.getAttribute('src')).toBe(`/api/image/getImage/3/${file}?w=192`);
    first.unmount();

    const admin = renderWithProviders(
      <Sidebar me={userWith({ role: 'Admin', ngoId: null, ngoName: null, profileImage: file })} />,
    );
    expect(admin.container.querySelector('img')?.getAttribute('src')).toBe(`/api/image/getImage/platform/${file}?w=192`);
  });
});
