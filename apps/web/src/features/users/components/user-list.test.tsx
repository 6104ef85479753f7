import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Me, User } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { UserList } from './user-list';

const MANAGER: Me = {
  id: 3,
  role: 'Manager',
  ngoId: 2,
  name: 'Manoj Manager',
  username: 'manager',
  email: 'manager@example.org',
  profileImage: null,
  ngoName: 'Green Paws Trust',
  language: 'en',
};

function account(id: number, name: string, role: User['role']): User {
  const username = name.split(' ')[0]!.toLowerCase();
  return { id, ngoId: 2, ngoName: 'Green Paws Trust', name, email: `${username}@example.org`, username, contact: '98450 12345', role, profileImage: null, verificationId: [], active: true };
}

const USERS = [account(3, 'Manoj Manager', 'Manager'), account(9, 'Wasim Worker', 'Worker'), account(5, 'Farida Founder', 'Founder')];

function serveUsers() {
  return stubFetch({
    'POST /api/user/getUsers': { body: { data: USERS, meta: { total: USERS.length, page: 1, pageSize: 10 } } },
    'POST /api/user/deleteUser': { body: { data: null } },
  });
}

describe('UserList', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('keeps an unavailable deactivate icon reachable and says why, and deactivates another account after asking', async () => {
    const fetchMock = serveUsers();
    const { user } = renderWithProviders(<UserList me={MANAGER} />);

    const own = await screen.findByRole('button', { name: 'Deactivate Manoj Manager' });
    expect(own.getAttribute('aria-disabled')).toBe('true');
    expect(own.matches(':disabled')).toBe(false);
    expect(document.getElementById(own.getAttribute('aria-describedby') ?? '')?.textContent).toBe('You cannot deactivate your own account');
    const founder = screen.getByRole('button', { name: 'Deactivate Farida Founder' });
    expect(document.getElementById(founder.getAttribute('aria-describedby') ?? '')?.textContent).toBe('A Manager cannot manage Founder accounts');
    await user.click(own);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Deactivate Wasim Worker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm deactivate user' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated successfully')).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/user/deleteUser'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ id: 9 });
  });

  it('shows the list in Hindi: title, headers, role labels, search and buttons', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    serveUsers();
    const { user } = renderWithProviders(<UserList me={MANAGER} />);

    expect(screen.getByRole('heading', { name: 'यूज़र सूची', level: 1 })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'नाम / ईमेल से खोजें' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'यूज़र जोड़ें' })).toBeTruthy();
    const row = await screen.findByRole('row', { name: 'Wasim Worker' });
    expect(within(row).getByText('कार्यकर्ता')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Wasim Worker देखें' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'क्र.सं.',
      'यूज़र का नाम',
      'ईमेल',
      'भूमिका',
      'जोड़ा गया यूज़र',
      'स्थिति',
    ]);
    const founder = screen.getByRole('button', { name: 'Farida Founder का अकाउंट बंद करें' });
    expect(document.getElementById(founder.getAttribute('aria-describedby') ?? '')?.textContent).toBe('मैनेजर संस्थापक के अकाउंट नहीं संभाल सकते');

    await user.click(within(row).getByRole('button', { name: 'Wasim Worker का अकाउंट बंद करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'यूज़र का अकाउंट बंद करें?' });
    expect(within(dialog).getByRole('button', { name: 'रद्द करें' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'अकाउंट बंद करें' }));
    expect(await screen.findByText('यूज़र का अकाउंट बंद कर दिया गया')).toBeTruthy();
  });
});
