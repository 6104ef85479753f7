import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Me, Vet } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { UnsavedChangesProvider } from '../../../components/unsaved-changes/unsaved-changes-provider';
import { VetForm } from './vet-form';

const ADMIN: Me = {
  id: 1,
  role: 'Admin',
  ngoId: null,
  name: 'Asha Admin',
  username: 'admin',
  email: 'admin@example.org',
  profileImage: null,
  ngoName: null,
  language: 'en',
};
const FOUNDER: Me = { ...ADMIN, id: 3, role: 'Founder', ngoId: 2, name: 'Farah Founder', username: 'founder', ngoName: 'Green Paws Trust' };

const VET: Vet = { id: 12, ngoId: 2, name: 'Dr. Arjun Shetty', regId: 'KVC-1024', vetCertification: [], verificationId: [] };

describe('VetForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('asks an Admin for the NGO of a new vet, in Hindi', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({ 'POST /api/ngo/getNgos': { body: { data: [], meta: { total: 0, page: 1, pageSize: 100 } } } });
    const { user } = renderWithProviders(<VetForm me={ADMIN} />);

    expect(screen.getByRole('heading', { name: 'पशु चिकित्सक जोड़ें', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'पशु चिकित्सक की जानकारी', level: 2 })).toBeTruthy();
    expect(screen.getByLabelText(/^पशु चिकित्सक का नाम/)).toBeTruthy();
    expect(screen.getByLabelText(/^पंजीकरण आईडी/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'दस्तावेज़', level: 2 })).toBeTruthy();
    expect(screen.getByText(/पशु चिकित्सक का प्रमाणपत्र और पहचान पत्र रिकॉर्ड सेव होने के बाद/)).toBeTruthy();

    const ngo = screen.getByRole('combobox', { name: /^संस्था/ });
    expect(ngo.getAttribute('placeholder')).toBe('संस्था चुनें');
    await user.click(ngo);
    expect(await screen.findByText('कोई संस्था नहीं मिली')).toBeTruthy();
  });

  it('opens a new vet in edit mode once it is created, where its documents can be added', async () => {
    stubFetch({ 'POST /api/vet/createVet': { body: { data: VET } } });
    const { user, router } = renderWithProviders(
      <UnsavedChangesProvider>
        <VetForm me={FOUNDER} />
      </UnsavedChangesProvider>,
      { route: '/vet/addvet' },
    );
    await user.type(screen.getByLabelText(/^Vet name/), VET.name);
    await user.type(screen.getByLabelText(/^Registration ID/), VET.regId);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Vet created successfully');
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/vet/addvet?id=12'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('counts a deleted document as done, not as an unsaved change: leaving does not ask', async () => {
    const stored = 'cert-1.jpg';
    stubFetch({ 'POST /api/image/deleteImage': { body: { data: null } } });
    const { user, router } = renderWithProviders(
      <UnsavedChangesProvider>
        <VetForm me={FOUNDER} vet={{ ...VET, vetCertification: [stored] }} />
      </UnsavedChangesProvider>,
      { route: '/vet/addvet?id=12' },
    );
    await user.click(screen.getByRole('button', { name: 'Delete Vet Certification image 1' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete image?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByAltText('Vet Certification 1')).toBeNull());

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vet'));
    expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull();
  });

  it('shows a saved vet in Hindi, with its NGO fixed and its documents open', () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({ 'POST /api/ngo/getNgoById': { body: { data: null } } });
    renderWithProviders(<VetForm me={FOUNDER} vet={VET} />);

    expect(screen.getByRole('heading', { name: 'पशु चिकित्सक की जानकारी बदलें', level: 1 })).toBeTruthy();
    expect((screen.getByLabelText(/^पशु चिकित्सक का नाम/) as HTMLInputElement).value).toBe('Dr. Arjun Shetty');
    expect(screen.getByText('पशु चिकित्सक का प्रमाणपत्र')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /^संस्था/ })).toBeNull();
  });

  it('updates a vet and says so', async () => {
    const fetchMock = stubFetch({ 'POST /api/vet/updateVet': { body: { data: { ...VET, regId: 'KVC-2048' } } } });
    const { user } = renderWithProviders(<VetForm me={FOUNDER} vet={VET} />);

    expect(screen.getByRole('heading', { name: 'Edit Vet', level: 1 })).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Registration ID/));
    await user.type(screen.getByLabelText(/^Registration ID/), 'KVC-2048');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Vet updated successfully')).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/vet/updateVet'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ id: 12, name: 'Dr. Arjun Shetty', regId: 'KVC-2048', vetCertification: [], verificationId: [] });
  });
});
