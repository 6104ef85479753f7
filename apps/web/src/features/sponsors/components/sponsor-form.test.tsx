import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { FOUNDER } from '../../../../test/accounts';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { UnsavedChangesProvider } from '../../../components/unsaved-changes/unsaved-changes-provider';
import { SponsorForm } from './sponsor-form';


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

  it('shows and takes both dates as dd/mm/yyyy, starting at today, and sends them as YYYY-MM-DD', async () => {
    const fetchMock = stubFetch({ 'POST /api/sponsor/createSponsor': { body: { data: { id: 9, ngoId: 2, name: 'Tata Trusts', type: 'Adoption', amount: 500, logo: null, startDate: '2026-12-01', endDate: '2027-03-31' } } } });
    const { user } = renderWithProviders(
      <UnsavedChangesProvider>
        <SponsorForm me={FOUNDER} />
      </UnsavedChangesProvider>,
      { route: '/sponsor/addsponsor' },
    );
    const start = screen.getByRole<HTMLInputElement>('textbox', { name: /^Start Date/ });
    const end = screen.getByRole<HTMLInputElement>('textbox', { name: /^End Date/ });
    const now = new Date();
    const today = [now.getDate(), now.getMonth() + 1].map((n) => String(n).padStart(2, '0')).join('/') + `/${now.getFullYear()}`;
    expect(start.value).toBe(today);
    expect(end.value).toBe(today);

    await user.type(screen.getByRole('textbox', { name: /Sponsor Name/ }), 'Tata Trusts');
    await user.click(screen.getByRole('combobox', { name: /^Sponsorship Type/ }));
    await user.click(screen.getByRole('option', { name: 'Adoption' }));
    await user.type(screen.getByRole('textbox', { name: /Sponsor Amount/ }), '500');
    await user.clear(end);
    await user.type(end, '31/03/2099');
    await user.clear(start);
    await user.type(start, '01/12/2098');
    await user.click(screen.getByRole('heading', { name: 'Sponsorship period' }));
    expect(start.value).toBe('01/12/2098');
    expect(end.value).toBe('31/03/2099');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Sponsor created successfully');
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/createSponsor'));
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({ startDate: '2098-12-01', endDate: '2099-03-31' });
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

    await user.click(screen.getByRole('textbox', { name: /^शुरू होने की तारीख/ }));
    expect(await screen.findByRole('button', { name: 'अगला महीना' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'पिछला महीना' })).toBeTruthy();
  });
});
