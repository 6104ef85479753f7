import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Me, Role, User } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { ResetTwoFactorSection } from './reset-two-factor-section';

const me = (role: Role): Me => ({ id: 1, role, ngoId: 2, name: 'Farida Founder', username: 'farida', email: 'farida@example.org', profileImage: null, ngoName: 'Green Paws Trust', language: 'en' });
const user = (id: number, role: Role): User => ({
  id,
  ngoId: 2,
  ngoName: 'Green Paws Trust',
  name: 'Wasim Worker',
  email: 'wasim@example.org',
  username: 'wasim',
  contact: null,
  role,
  designation: null,
  profileImage: null,
  verificationId: [],
  active: true,
});

describe('ResetTwoFactorSection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("resets a Worker's two-factor sign-in for their Founder, only after the confirmation", async () => {
    const fetchMock = stubFetch({ 'POST /api/auth/twoFactor/resetUser': { body: { data: null } } });
    const { user: clicks } = renderWithProviders(<ResetTwoFactorSection me={me('Founder')} user={user(9, 'Worker')} />);
    await clicks.click(screen.getByRole('button', { name: 'Reset two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in?' });
    expect(within(dialog).getByText(/First make sure it is really Wasim Worker asking/)).toBeTruthy();
    await clicks.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();

    await clicks.click(screen.getByRole('button', { name: 'Reset two-factor sign-in' }));
    await clicks.click(within(await screen.findByRole('dialog', { name: 'Reset two-factor sign-in?' })).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Two-factor sign-in of Wasim Worker was reset.')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ userId: 9 });
  });

  it("is not offered for one's own account, to a Founder for another Founder, or to a Manager", () => {
    stubFetch({});
    const { container } = renderWithProviders(
      <>
        <ResetTwoFactorSection me={me('Admin')} user={user(1, 'Admin')} />
        <ResetTwoFactorSection me={me('Founder')} user={user(9, 'Founder')} />
        <ResetTwoFactorSection me={me('Manager')} user={user(9, 'Worker')} />
      </>,
    );
    expect(container.querySelector('button')).toBeNull();
  });
});
