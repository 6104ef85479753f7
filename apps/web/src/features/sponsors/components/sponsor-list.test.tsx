import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Sponsor } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { FOUNDER } from '../../../../test/accounts';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { SponsorList } from './sponsor-list';


function page<T>(data: T[]) {
  return { body: { data, meta: { total: data.length, page: 1, pageSize: 10 } } };
}

describe('SponsorList', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('shows each sponsorship type by its Hindi label', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({
      'POST /api/sponsor/getSponsors': page<Sponsor>([
        { id: 4, ngoId: 2, name: 'Tata Trusts', type: 'Sterilization', amount: 250000, logo: null, startDate: '2026-11-01', endDate: '2027-10-31' },
      ]),
    });
    renderWithProviders(<SponsorList me={FOUNDER} />);

    expect(screen.getByRole('heading', { name: 'स्पॉन्सर प्रबंधन', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'स्पॉन्सर जोड़ें' })).toBeTruthy();
    const row = await screen.findByRole('row', { name: 'Tata Trusts' });
    expect(within(row).getByText('नसबंदी')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['क्र.सं.', 'नाम', 'प्रकार', 'लोगो', 'केस', 'बदलें']);
  });
});
