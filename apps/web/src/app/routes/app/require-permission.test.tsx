import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import type { Me, Role } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { RequirePermission } from './require-permission';

function renderUserPageAs(role: Role) {
  const me: Me = {
    id: 1,
    role,
    ngoId: 1,
    name: 'Someone',
    username: 'someone',
    email: 'someone@example.org',
    profileImage: null,
    ngoName: 'Green Paws Trust',
    language: 'en',
  };
  return renderWithProviders(
    <Routes>
      <Route element={<Outlet context={me} />}>
        <Route
          path="/user"
          element={
            <RequirePermission permission="user.manage">
              <p>User list</p>
            </RequirePermission>
          }
        />
      </Route>
    </Routes>,
    { route: '/user' },
  );
}

describe('RequirePermission', () => {
  it('shows "Access denied" to a Worker opening user management', () => {
    renderUserPageAs('Worker');
    expect(screen.getByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(screen.getByText('You do not have permission to open this page.')).toBeTruthy();
    expect(screen.queryByText('User list')).toBeNull();
  });

  it('shows the page to a Manager', () => {
    renderUserPageAs('Manager');
    expect(screen.getByText('User list')).toBeTruthy();
  });
});
