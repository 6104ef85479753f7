import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Me, User } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { UserForm } from './user-form';

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
const ADMIN: Me = { ...MANAGER, id: 1, role: 'Admin', ngoId: null, name: 'Asha Admin', username: 'admin', ngoName: null };

const WORKER: User = {
  id: 9,
  ngoId: 2,
  ngoName: 'Green Paws Trust',
  name: 'Wasim Worker',
  email: 'worker@example.org',
  username: 'worker',
  contact: '98450 12345',
  role: 'Worker',
  designation: null,
  profileImage: null,
  verificationId: [],
  active: true,
};

function bodyOf(fetchMock: ReturnType<typeof stubFetch>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith(path));
  return JSON.parse(String(call?.[1]?.body));
}

describe('UserForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('offers a Manager only the Worker type, and creates the user in their own NGO', async () => {
    const fetchMock = stubFetch({ 'POST /api/user/createUser': { body: { data: WORKER } } });
    const { user } = renderWithProviders(<UserForm me={MANAGER} />);
    expect(screen.queryByRole('combobox', { name: /^NGO/ })).toBeNull();

    await user.click(screen.getByRole('combobox', { name: /^Type/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Worker']);
    await user.click(screen.getByRole('option', { name: 'Worker' }));
    const fill = async (label: RegExp, text: string) => {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    };
    await fill(/^Name/, 'Wasim Worker');
    await fill(/^Email/, 'worker@example.org');
    await fill(/^Username/, 'worker');
    await fill(/^Password/, 'Worker@123');
    await fill(/^Contact/, '98450 12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('User created successfully')).toBeTruthy();
    expect(bodyOf(fetchMock, '/createUser')).toEqual({
      name: 'Wasim Worker',
      email: 'worker@example.org',
      username: 'worker',
      contact: '98450 12345',
      role: 'Worker',
      password: 'Worker@123',
    });
  });

  it("refuses an empty form with 'Please fill Required Details', naming the Type and the Admin's NGO", async () => {
    const fetchMock = stubFetch({
      'POST /api/ngo/getNgos': { body: { data: [], meta: { total: 0, page: 1, pageSize: 100 } } },
    });
    const { user } = renderWithProviders(<UserForm me={ADMIN} />);

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Please fill Required Details');
    for (const message of ['Name is required', 'Email is required', 'Username is required', 'Password is required', 'Contact is required', 'Type is required', 'NGO is required']) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/user/'))).toEqual([]);

    // An Admin account belongs to no NGO, so choosing that type drops the NGO question.
    await user.click(screen.getByRole('combobox', { name: /^Type/ }));
    await user.click(screen.getByRole('option', { name: 'Admin' }));
    expect(screen.queryByRole('combobox', { name: /^NGO/ })).toBeNull();
  });

  it('keeps the password when it is left empty on edit, and sends the record id', async () => {
    const fetchMock = stubFetch({ 'POST /api/user/updateUser': { body: { data: { ...WORKER, name: 'Wasim W.' } } } });
    const { user } = renderWithProviders(<UserForm me={MANAGER} user={WORKER} />);
    expect(screen.getByRole('heading', { name: 'Edit User', level: 1 })).toBeTruthy();
    expect(screen.getByText('Leave empty to keep the current password')).toBeTruthy();

    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'Wasim W.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('User updated successfully')).toBeTruthy();
    expect(bodyOf(fetchMock, '/updateUser')).toEqual({
      id: 9,
      name: 'Wasim W.',
      email: 'worker@example.org',
      username: 'worker',
      contact: '98450 12345',
      role: 'Worker',
      profileImage: null,
      verificationId: [],
    });
  });

  it('shows a Manager a Founder account as view only, without Save', () => {
    stubFetch({});
    renderWithProviders(<UserForm me={MANAGER} user={{ ...WORKER, role: 'Founder' }} />);

    expect(screen.getByText('A Manager cannot change Founder accounts.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByLabelText(/^Name/).matches(':disabled')).toBe(true);
  });

  it('asks for a new account in Hindi: labels, role names, sections and buttons', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({});
    const { user } = renderWithProviders(<UserForm me={{ ...MANAGER, role: 'Founder' }} />);

    expect(screen.getByRole('heading', { name: 'यूज़र जोड़ें', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'अकाउंट', level: 2 })).toBeTruthy();
    for (const label of [/^नाम/, /^ईमेल/, /^यूज़रनेम/, /^पासवर्ड/, /^संपर्क नंबर/]) expect(screen.getByLabelText(label, { selector: 'input' })).toBeTruthy();
    expect(screen.getByText('कम से कम 6 अक्षर')).toBeTruthy();
    expect(screen.getByText(/प्रोफ़ाइल फ़ोटो और पहचान पत्र की फ़ोटो यूज़र सेव होने के बाद/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'रद्द करें' })).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: /^भूमिका/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['संस्थापक', 'मैनेजर', 'कार्यकर्ता', 'समिति सदस्य']);
    await user.click(screen.getByRole('option', { name: 'मैनेजर' }));
    await user.click(screen.getByRole('button', { name: 'सेव करें' }));
    expect(await screen.findByText('नाम ज़रूरी है')).toBeTruthy();
  });

  it("names the Admin's missing NGO in Hindi, and shows a view-only account's reason in Hindi", async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({ 'POST /api/ngo/getNgos': { body: { data: [], meta: { total: 0, page: 1, pageSize: 100 } } } });
    const { user, unmount } = renderWithProviders(<UserForm me={ADMIN} />);
    expect(screen.getByRole('combobox', { name: /^संस्था/ }).getAttribute('placeholder')).toBe('संस्था चुनें');
    await user.click(screen.getByRole('button', { name: 'सेव करें' }));
    expect(await screen.findByText('संस्था चुनना ज़रूरी है')).toBeTruthy();
    unmount();

    renderWithProviders(<UserForm me={MANAGER} user={{ ...WORKER, role: 'Founder' }} />);
    expect(screen.getByRole('heading', { name: 'यूज़र की जानकारी बदलें', level: 1 })).toBeTruthy();
    expect(screen.getByText('सिर्फ़ देखने के लिए')).toBeTruthy();
    expect(screen.getByText('मैनेजर संस्थापक के अकाउंट नहीं बदल सकते।')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'वापस' })).toBeTruthy();
  });
});
