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
  return { id, ngoId: 2, ngoName: 'Green Paws Trust', name, email: `${username}@example.org`, username, contact: '98450 12345', role, designation: null, profileImage: null, verificationId: [], active: true };
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

  it('is titled as a list of users, its columns naming what they hold, in English and Hindi', async () => {
    serveUsers();
    const { unmount } = renderWithProviders(<UserList me={MANAGER} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('User Management');
    const row = await screen.findByRole('row', { name: 'Wasim Worker' });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent).filter(Boolean)).toEqual(['S.No', 'Name', 'Email', 'Role', 'Status', 'Actions']);
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Deactivate Wasim Worker' })).toBeTruthy();
    unmount();

    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    renderWithProviders(<UserList me={MANAGER} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('यूज़र प्रबंधन');
    await screen.findByRole('row', { name: 'Wasim Worker' });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent).filter(Boolean)).toEqual(['क्र.सं.', 'नाम', 'ईमेल', 'भूमिका', 'स्थिति', 'कार्रवाई']);
  });

  it("shows an Admin each user's NGO, and the platform's own Admins as belonging to none, in English and Hindi", async () => {
    const admin: Me = { ...MANAGER, id: 1, role: 'Admin', ngoId: null, ngoName: null, name: 'Asha Admin', username: 'admin' };
    const elsewhere = { ...account(11, 'Bina Bluecross', 'Worker'), ngoId: 4, ngoName: 'Blue Cross Unit' };
    const platform = { ...account(1, 'Asha Admin', 'Admin'), ngoId: null, ngoName: null };
    stubFetch({ 'POST /api/user/getUsers': { body: { data: [...USERS, elsewhere, platform], meta: { total: 5, page: 1, pageSize: 10 } } } });
    const { unmount } = renderWithProviders(<UserList me={admin} />);
    const row = await screen.findByRole('row', { name: 'Bina Bluecross' });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent).filter(Boolean)).toEqual(['S.No', 'Name', 'Email', 'Role', 'NGO', 'Status', 'Actions']);
    expect(within(row).getByText('Blue Cross Unit')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'Wasim Worker' })).getByText('Green Paws Trust')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'Asha Admin' })).getByText('No NGO (platform)')).toBeTruthy();
    unmount();

    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    renderWithProviders(<UserList me={admin} />);
    const hindiRow = await screen.findByRole('row', { name: 'Asha Admin' });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toContain('संस्था');
    expect(within(hindiRow).getByText('कोई संस्था नहीं (प्लेटफ़ॉर्म)')).toBeTruthy();
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

  it('shows active accounts first, and deactivated or all of them through the filter, a deactivated row saying so', async () => {
    const gone = { ...account(11, 'Gita Gone', 'Worker'), active: false };
    const fetchMock = stubFetch({
      'POST /api/user/getUsers': (init) => {
        const { status } = JSON.parse(String(init.body)) as { status: string };
        const rows = status === 'deactivated' ? [gone] : status === 'all' ? [...USERS, gone] : USERS;
        return { body: { data: rows, meta: { total: rows.length, page: 1, pageSize: 10 } } };
      },
    });
    const { user } = renderWithProviders(<UserList me={MANAGER} />);
    await screen.findByRole('row', { name: 'Wasim Worker' });
    const filter = screen.getByRole('radiogroup', { name: 'Show accounts' });
    expect(within(filter).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['active', 'deactivated', 'all']);
    expect(within(filter).getByRole<HTMLInputElement>('radio', { name: 'Active' }).checked).toBe(true);
    expect(within(screen.getByRole('row', { name: 'Wasim Worker' })).queryByText('Deactivated')).toBeNull();

    await user.click(within(filter).getByRole('radio', { name: 'Deactivated' }));
    const row = await screen.findByRole('row', { name: 'Gita Gone' });
    expect(within(row).getByText('Deactivated')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Reactivate Gita Gone' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /^Deactivate/ })).toBeNull();
    expect(screen.queryByRole('row', { name: 'Wasim Worker' })).toBeNull();

    await user.click(within(filter).getByRole('radio', { name: 'All' }));
    expect(await screen.findByRole('row', { name: 'Wasim Worker' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Gita Gone' })).toBeTruthy();
    const statuses = fetchMock.mock.calls.map(([, init]) => (JSON.parse(String(init?.body)) as { status: string }).status);
    expect(statuses).toEqual(['active', 'deactivated', 'all']);
  });

  it('reactivates a deactivated account in one tap, and says when there are none', async () => {
    let gone: User[] = [{ ...account(11, 'Gita Gone', 'Worker'), active: false }];
    const fetchMock = stubFetch({
      'POST /api/user/getUsers': () => ({ body: { data: gone, meta: { total: gone.length, page: 1, pageSize: 10 } } }),
      'POST /api/user/reactivateUser': () => {
        gone = [];
        return { body: { data: account(11, 'Gita Gone', 'Worker') } };
      },
    });
    const { user } = renderWithProviders(<UserList me={MANAGER} />);
    await user.click(await screen.findByRole('radio', { name: 'Deactivated' }));
    await user.click(await screen.findByRole('button', { name: 'Reactivate Gita Gone' }));

    expect(await screen.findByText('User reactivated successfully')).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/user/reactivateUser'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ id: 11 });
    expect(await screen.findByText('No deactivated users')).toBeTruthy();
    expect(screen.getByText('Accounts you deactivate appear here, and can be reactivated.')).toBeTruthy();
  });

  it('keeps Reactivate reachable but unavailable, saying why, for an account of a role the user may not manage', async () => {
    const founder = { ...account(5, 'Farida Founder', 'Founder'), active: false };
    const fetchMock = stubFetch({ 'POST /api/user/getUsers': { body: { data: [founder], meta: { total: 1, page: 1, pageSize: 10 } } } });
    const { user } = renderWithProviders(<UserList me={MANAGER} />);
    const button = await screen.findByRole('button', { name: 'Reactivate Farida Founder' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe('A Manager cannot manage Founder accounts');
    await user.click(button);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/user/reactivateUser'))).toBe(false);
  });

  it('shows the list in Hindi: title, headers, role labels, search and buttons', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    serveUsers();
    const { user } = renderWithProviders(<UserList me={MANAGER} />);

    expect(screen.getByRole('heading', { name: 'यूज़र प्रबंधन', level: 1 })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'नाम / ईमेल से खोजें' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'यूज़र जोड़ें' })).toBeTruthy();
    const row = await screen.findByRole('row', { name: 'Wasim Worker' });
    expect(within(row).getByText('कार्यकर्ता')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Wasim Worker देखें' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'क्र.सं.',
      'नाम',
      'ईमेल',
      'भूमिका',
      'स्थिति',
      'कार्रवाई',
    ]);
    const filter = screen.getByRole('radiogroup', { name: 'कौन से अकाउंट दिखाएँ' });
    expect(within(filter).getByRole('radio', { name: 'बंद' })).toBeTruthy();
    const founder = screen.getByRole('button', { name: 'Farida Founder का अकाउंट बंद करें' });
    expect(document.getElementById(founder.getAttribute('aria-describedby') ?? '')?.textContent).toBe('मैनेजर संस्थापक के अकाउंट नहीं संभाल सकते');

    await user.click(within(row).getByRole('button', { name: 'Wasim Worker का अकाउंट बंद करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'यूज़र का अकाउंट बंद करें?' });
    expect(within(dialog).getByRole('button', { name: 'रद्द करें' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'अकाउंट बंद करें' }));
    expect(await screen.findByText('यूज़र का अकाउंट बंद कर दिया गया')).toBeTruthy();
  });
});
