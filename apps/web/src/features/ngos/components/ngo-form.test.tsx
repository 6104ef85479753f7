import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Ngo } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { UnsavedChangesProvider } from '../../../components/unsaved-changes/unsaved-changes-provider';
import { NgoForm } from './ngo-form';

const NGO: Ngo = {
  id: 2,
  name: 'Green Paws Trust',
  darpanId: 'KA/2019/0123456',
  desc: null,
  mission: null,
  helpline: '+91 80 2345 6789',
  altHelpline: null,
  facebook: null,
  linkedin: null,
  instagram: null,
  twitter: null,
  email: null,
  website: null,
  logo: null,
  regCert: [],
  panCard: [],
  facility: [],
  releaseThresholdM: 500,
  retentionMonths: 12,
  publicPageEnabled: false,
  publicSlug: null,
  servicePincodes: [],
  publicMessage: null,
};

describe('NgoForm', () => {
  // jsdom has no document.fonts; Mantine's autosizing Textarea listens to it.
  beforeAll(() => {
    Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
  });
  afterAll(() => {
    Reflect.deleteProperty(document, 'fonts');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('adds an NGO in Hindi: sections, labels, the Add button and the Done toast', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({ 'POST /api/ngo/createNgo': { body: { data: NGO } } });
    const { user } = renderWithProviders(<NgoForm />);

    expect(screen.getByRole('heading', { name: 'संस्था जोड़ें', level: 1 })).toBeTruthy();
    for (const section of ['संस्था के बारे में', 'संपर्क', 'सोशल मीडिया', 'लोगो और दस्तावेज़']) {
      expect(screen.getByRole('heading', { name: section, level: 2 })).toBeTruthy();
    }
    expect(screen.getByLabelText('ट्विटर आईडी').getAttribute('placeholder')).toBe('@हैंडल');
    await user.type(screen.getByLabelText(/^संस्था का नाम/), 'Green Paws Trust');
    // Adding an NGO needs its Darpan Id (issue 15): marked required, and named when missing.
    const darpan = screen.getByRole('textbox', { name: /^दर्पण आईडी/ });
    expect(darpan.closest('.mantine-InputWrapper-root')?.querySelector('.mantine-InputWrapper-required')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'जोड़ें' }));
    expect(await screen.findByText('दर्पण आईडी ज़रूरी है')).toBeTruthy();
    await user.type(darpan, 'KA/2024/0001');
    await user.click(screen.getByRole('button', { name: 'जोड़ें' }));
    expect(await screen.findByText('संस्था जोड़ दी गई')).toBeTruthy();
  });

  it('opens a new NGO in edit mode once it is added, so its documents can be added at once', async () => {
    const fetchMock = stubFetch({ 'POST /api/ngo/createNgo': { body: { data: NGO } } });
    const { user, router } = renderWithProviders(
      <UnsavedChangesProvider>
        <NgoForm />
      </UnsavedChangesProvider>,
      { route: '/ngo/addngo' },
    );
    expect(screen.getByText(/can be added once the NGO is saved: saving opens the NGO here/)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /^Ngo Name/ }), NGO.name);
    await user.type(screen.getByRole('textbox', { name: /^Darpan Id/ }), 'KA/2024/0001');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('NGO created successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(`/ngo/addngo?id=${NGO.id}`));
    // The empty form is replaced: Back returns to the list, not to it.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/ngo/createNgo'));
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({ name: NGO.name, darpanId: 'KA/2024/0001' });
  });

  it('lets an NGO saved without a Darpan Id be edited without one', async () => {
    const fetchMock = stubFetch({ 'POST /api/ngo/updateNgo': { body: { data: { ...NGO, darpanId: null } } } });
    const { user } = renderWithProviders(<NgoForm ngo={{ ...NGO, darpanId: null }} />, { route: `/ngo/addngo?id=${NGO.id}` });
    expect(screen.getByRole('textbox', { name: 'Darpan Id' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('NGO updated successfully')).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/ngo/updateNgo'));
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({ ngoId: NGO.id, darpanId: null });
  });

  it("changes the NGO's release distance limit in metres", async () => {
    const fetchMock = stubFetch({ 'POST /api/ngo/updateNgo': { body: { data: { ...NGO, releaseThresholdM: 800 } } } });
    const { user } = renderWithProviders(<NgoForm ngo={NGO} />, { route: `/ngo/addngo?id=${NGO.id}` });
    const limit = screen.getByRole<HTMLInputElement>('textbox', { name: 'Release Distance Limit (m)' });
    expect(limit.value).toBe('500');
    await user.clear(limit);
    await user.type(limit, '800');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('NGO updated successfully')).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/ngo/updateNgo'));
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({ ngoId: NGO.id, releaseThresholdM: 800 });
  });

  it('edits an NGO in Hindi with Save, and its documents once saved', () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({});
    renderWithProviders(<NgoForm ngo={NGO} />);

    expect(screen.getByRole('heading', { name: 'संस्था की जानकारी बदलें', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'सेव करें' })).toBeTruthy();
    expect(screen.getByText('पंजीकरण प्रमाणपत्र')).toBeTruthy();
    expect(screen.getByText('संस्था की जगह की फ़ोटो')).toBeTruthy();
  });
});
