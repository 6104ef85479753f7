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
    let on = true;
    const fetchMock = stubFetch({
      'POST /api/auth/twoFactor/getUserStatus': () => ({ body: { data: { userId: 9, enabled: on, resettable: on, resetAt: on ? null : '2026-11-29T08:30:00.000Z' } } }),
      'POST /api/auth/twoFactor/resetUser': () => ((on = false), { body: { data: null } }),
    });
    const { user: clicks } = renderWithProviders(<ResetTwoFactorSection me={me('Founder')} user={user(9, 'Worker')} />);
    expect(await screen.findByText(/Wasim Worker signs in with two-factor sign-in/)).toBeTruthy();
    await clicks.click(screen.getByRole('button', { name: 'Reset two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in?' });
    expect(within(dialog).getByText(/First make sure it is really Wasim Worker asking/)).toBeTruthy();
    await clicks.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/resetUser'))).toBe(false);

    await clicks.click(screen.getByRole('button', { name: 'Reset two-factor sign-in' }));
    await clicks.click(within(await screen.findByRole('dialog', { name: 'Reset two-factor sign-in?' })).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Two-factor sign-in of Wasim Worker was reset.')).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/resetUser'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ userId: 9 });
    // The section reads the state again: nothing left to reset.
    expect(await screen.findByText('Wasim Worker has not set up two-factor sign-in: there is nothing to reset.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset two-factor sign-in' })).toBeNull();
  });

  it("is not offered for one's own account, to a Founder for another Founder, or to a Manager", () => {
    const fetchMock = stubFetch({});
    const { container } = renderWithProviders(
      <>
        <ResetTwoFactorSection me={me('Admin')} user={user(1, 'Admin')} />
        <ResetTwoFactorSection me={me('Founder')} user={user(9, 'Founder')} />
        <ResetTwoFactorSection me={me('Manager')} user={user(9, 'Worker')} />
      </>,
    );
    expect(container.querySelector('button')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
