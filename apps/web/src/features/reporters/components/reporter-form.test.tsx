import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Me, Reporter } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { UnsavedChangesProvider } from '../../../components/unsaved-changes/unsaved-changes-provider';
import { ReporterForm } from './reporter-form';

const WORKER: Me = {
  id: 4,
  role: 'Worker',
  ngoId: 2,
  name: 'Wasim Worker',
  username: 'worker',
  email: 'worker@example.org',
  profileImage: null,
  ngoName: 'Green Paws Trust',
  language: 'en',
};

const REPORTER: Reporter = {
  id: 31,
  ngoId: 2,
  name: 'Lakshmi Rao',
  contact: '+91 98450 12345',
  alternateContact: '080 2345 6789',
  email: 'lakshmi@example.org',
  verificationId: [],
};

function bodyOf(fetchMock: ReturnType<typeof stubFetch>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith(path));
  return JSON.parse(String(call?.[1]?.body));
}

describe('ReporterForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it("refuses an empty name and phone with 'Please fill Required Details', names both fields, and sends nothing", async () => {
    const fetchMock = stubFetch({});
    const { user } = renderWithProviders(<ReporterForm me={WORKER} />);
    expect(screen.getByRole('heading', { name: 'Add Reporter', level: 1 })).toBeTruthy();

    await user.type(screen.getByLabelText('Email ID'), 'lakshmi@example.org');
    expect(screen.queryByText('Reporter name is required')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Error');
    expect(toast.textContent).toContain('Please fill Required Details');
    expect(toast.querySelector('button')).toBeTruthy();
    expect(screen.getByText('Reporter name is required')).toBeTruthy();
    expect(screen.getByText('Phone Number is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    // After the first submit, errors follow the typing.
    await user.type(screen.getByLabelText(/^Reporter name/), 'Lakshmi Rao');
    expect(screen.queryByText('Reporter name is required')).toBeNull();
    expect(screen.getByText('Phone Number is required')).toBeTruthy();
  });

  it('treats the alternate phone and email as optional, and creates the reporter in the signed-in NGO', async () => {
    const fetchMock = stubFetch({ 'POST /api/reporter/createReporter': { body: { data: { ...REPORTER, alternateContact: null, email: null } } } });
    const { user } = renderWithProviders(<ReporterForm me={WORKER} />);
    expect(screen.queryByLabelText(/^NGO/)).toBeNull();

    await user.type(screen.getByLabelText(/^Reporter name/), 'Lakshmi Rao');
    await user.type(screen.getByLabelText(/^Phone Number/), '+91 98450 12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Reporter created successfully')).toBeTruthy();
    expect(bodyOf(fetchMock, '/createReporter')).toEqual({ name: 'Lakshmi Rao', contact: '+91 98450 12345', alternateContact: null, email: null });
  });

  it('names a badly formatted phone number in the toast and sends nothing', async () => {
    const fetchMock = stubFetch({});
    const { user } = renderWithProviders(<ReporterForm me={WORKER} />);

    await user.type(screen.getByLabelText(/^Reporter name/), 'Lakshmi Rao');
    await user.type(screen.getByLabelText(/^Phone Number/), '12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Phone Number must be a phone number of 7 to 15 digits');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('updates the record by id and sends null for a field the user emptied', async () => {
    const fetchMock = stubFetch({ 'POST /api/reporter/updateReporter': { body: { data: { ...REPORTER, email: null } } } });
    const { user } = renderWithProviders(<ReporterForm me={WORKER} reporter={REPORTER} />);
    expect(screen.getByRole('heading', { name: 'Edit Reporter', level: 1 })).toBeTruthy();
    expect((screen.getByLabelText('Alternate Phone Number') as HTMLInputElement).value).toBe('080 2345 6789');

    await user.clear(screen.getByLabelText('Email ID'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Reporter updated successfully')).toBeTruthy();
    expect(bodyOf(fetchMock, '/updateReporter')).toEqual({
      id: 31,
      name: 'Lakshmi Rao',
      contact: '+91 98450 12345',
      alternateContact: '080 2345 6789',
      email: null,
      verificationId: [],
    });
  });

  it("shows a Worker another's reporter masked with Reveal, logs the reveal on the server, and saves a new name without the masked fields", async () => {
    const masked: Reporter = { ...REPORTER, contact: '+91 98xxx xx345', alternateContact: '08xxxxxx789', email: 'lxxxxxx@example.org', maskedFields: ['contact', 'alternateContact', 'email'] };
    const fetchMock = stubFetch({
      'POST /api/privacy/reveal': { body: { data: { value: '+91 98450 12345' } } },
      'POST /api/reporter/updateReporter': { body: { data: { ...masked, name: 'Lakshmi R. Rao' } } },
    });
    const { user } = renderWithProviders(<ReporterForm me={WORKER} reporter={masked} />);
    const phone = screen.getByLabelText(/^Phone Number/) as HTMLInputElement;
    expect(phone.value).toBe('+91 98xxx xx345');
    expect(phone.readOnly).toBe(true);
    expect(screen.getAllByText('Shown in part: you did not add this reporter. Revealing it is logged.')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Reveal Phone Number' }));
    expect(await screen.findByDisplayValue('+91 98450 12345')).toBeTruthy();
    expect(bodyOf(fetchMock, '/privacy/reveal')).toEqual({ record: 'reporter', id: 31, field: 'contact' });
    expect(screen.getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+919845012345');

    await user.clear(screen.getByLabelText(/^Reporter name/));
    await user.type(screen.getByLabelText(/^Reporter name/), 'Lakshmi R. Rao');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reporter updated successfully')).toBeTruthy();
    expect(bodyOf(fetchMock, '/updateReporter')).toEqual({ id: 31, name: 'Lakshmi R. Rao', verificationId: [] });
  });

  it("shows the server's refusal in the error toast and keeps what was typed", async () => {
    stubFetch({ 'POST /api/reporter/createReporter': { status: 422, body: { message: 'Email ID must be a valid email address' } } });
    const { user } = renderWithProviders(<ReporterForm me={WORKER} />);

    await user.type(screen.getByLabelText(/^Reporter name/), 'Lakshmi Rao');
    await user.type(screen.getByLabelText(/^Phone Number/), '9845012345');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Error');
    expect(toast.textContent).toContain('Email ID must be a valid email address');
    expect((screen.getByLabelText(/^Reporter name/) as HTMLInputElement).value).toBe('Lakshmi Rao');
  });

  it('asks before Cancel leaves edited details, and returns to the list without asking after a save', async () => {
    stubFetch({ 'POST /api/reporter/updateReporter': { body: { data: { ...REPORTER, name: 'Lakshmi R. Rao' } } } });
    const { user, router } = renderWithProviders(
      <UnsavedChangesProvider>
        <ReporterForm me={WORKER} reporter={REPORTER} />
      </UnsavedChangesProvider>,
      { route: '/reporter/addreporter?id=31' },
    );
    await user.clear(screen.getByLabelText(/^Reporter name/));
    await user.type(screen.getByLabelText(/^Reporter name/), 'Lakshmi R. Rao');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/reporter/addreporter');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reporter updated successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/reporter'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('adds a reporter in Hindi, with Hindi labels, section and Done toast', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({ 'POST /api/reporter/createReporter': { body: { data: REPORTER } } });
    const { user } = renderWithProviders(<ReporterForm me={WORKER} />);

    expect(screen.getByRole('heading', { name: 'सूचना देने वाले को जोड़ें', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'सूचना देने वाले की जानकारी', level: 2 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'सूचना देने वालों का प्रबंधन' }).getAttribute('href')).toBe('/reporter');
    expect(screen.getByText('पहचान पत्र रिकॉर्ड सेव होने के बाद जोड़ा जा सकता है: सेव करते ही रिकॉर्ड यहीं खुल जाएगा।')).toBeTruthy();
    expect(screen.getByLabelText('दूसरा फ़ोन नंबर')).toBeTruthy();
    expect(screen.getByLabelText('ईमेल आईडी')).toBeTruthy();

    await user.type(screen.getByLabelText(/^सूचना देने वाले का नाम/), 'Lakshmi Rao');
    await user.type(screen.getByLabelText(/^फ़ोन नंबर/), '+91 98450 12345');
    await user.click(screen.getByRole('button', { name: 'सेव करें' }));

    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('हो गया');
    expect(toast.textContent).toContain('सूचना देने वाले को जोड़ दिया गया');
  });
});
