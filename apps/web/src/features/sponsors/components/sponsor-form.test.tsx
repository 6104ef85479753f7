import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Me } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { UnsavedChangesProvider } from '../../../components/unsaved-changes/unsaved-changes-provider';
import { SponsorForm } from './sponsor-form';

const FOUNDER: Me = {
  id: 3,
  role: 'Founder',
  ngoId: 2,
  name: 'Farah Founder',
  username: 'founder',
  email: 'founder@example.org',
  profileImage: null,
  ngoName: 'Green Paws Trust',
  language: 'en',
};

describe('SponsorForm amount', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('keeps a typed minus sign, refuses the negative amount naming the field, and sends nothing', async () => {
    const fetchMock = stubFetch({});
    const { user } = renderWithProviders(
      <UnsavedChangesProvider>
        <SponsorForm me={FOUNDER} />
      </UnsavedChangesProvider>,
    );
    const amount = screen.getByRole('textbox', { name: /Sponsor Amount/ });
    await user.type(amount, '-500');
    await user.tab();
    expect((amount as HTMLInputElement).value).toBe('-500');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sponsor Amount must be at least 0')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps a pasted minus sign too', async () => {
    stubFetch({});
    const { user } = renderWithProviders(
      <UnsavedChangesProvider>
        <SponsorForm me={FOUNDER} />
      </UnsavedChangesProvider>,
    );
    const amount = screen.getByRole('textbox', { name: /Sponsor Amount/ });
    await user.click(amount);
    await user.paste('-500');
    await user.tab();
    expect((amount as HTMLInputElement).value).toBe('-500');
  });

  it('shows the sponsor form in Hindi: sponsorship types, dates and the calendar buttons', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({});
    const { user } = renderWithProviders(
      <UnsavedChangesProvider>
        <SponsorForm me={FOUNDER} />
      </UnsavedChangesProvider>,
    );

    expect(screen.getByRole('heading', { name: 'स्पॉन्सर जोड़ें', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'स्पॉन्सरशिप की अवधि', level: 2 })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /स्पॉन्सर राशि/ })).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: /^स्पॉन्सरशिप का प्रकार/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'टीकाकरण',
      'नसबंदी',
      'ओपीडी',
      'आईपीडी',
      'गोद लेना',
      'ऑपरेशन के बाद देखभाल',
      'अन्य',
    ]);
    await user.click(screen.getByRole('option', { name: 'नसबंदी' }));

    await user.click(screen.getByRole('button', { name: /^शुरू होने की तारीख/ }));
    expect(await screen.findByRole('button', { name: 'अगला महीना' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'पिछला महीना' })).toBeTruthy();
  });
});
