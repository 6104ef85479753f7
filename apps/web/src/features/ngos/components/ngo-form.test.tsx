import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Ngo } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
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
    expect(screen.getByLabelText('दर्पण आईडी')).toBeTruthy();

    await user.type(screen.getByLabelText(/^संस्था का नाम/), 'Green Paws Trust');
    await user.click(screen.getByRole('button', { name: 'जोड़ें' }));
    expect(await screen.findByText('संस्था जोड़ दी गई')).toBeTruthy();
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
