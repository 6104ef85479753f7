import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Ngo } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { FOUNDER } from '../../../../test/accounts';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { NgoList } from './ngo-list';


function page<T>(data: T[]) {
  return { body: { data, meta: { total: data.length, page: 1, pageSize: 10 } } };
}

describe('NgoList', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it("shows a Founder their NGO in Hindi, without Add, and names the logo in Hindi", async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({
      'POST /api/ngo/getNgos': page<Ngo>([
        {
          id: 2,
          name: 'Green Paws Trust',
          darpanId: null,
          desc: null,
          mission: null,
          helpline: null,
          altHelpline: null,
          facebook: null,
          linkedin: null,
          instagram: null,
          twitter: null,
          email: null,
          website: null,
          logo: 'logo-2.webp',
          regCert: [],
          panCard: [],
          facility: [],
          releaseThresholdM: 500,
          retentionMonths: 12,
          publicPageEnabled: false,
          publicSlug: null,
          servicePincodes: [],
          publicMessage: null,
        },
      ]),
    });
    renderWithProviders(<NgoList me={FOUNDER} />);

    expect(screen.getByRole('heading', { name: 'संस्था प्रबंधन', level: 1 })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'नाम / दर्पण आईडी से खोजें' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'संस्था जोड़ें' })).toBeNull();
    const row = await screen.findByRole('row', { name: 'Green Paws Trust' });
    expect(within(row).getByRole('img', { name: 'Green Paws Trust का लोगो' })).toBeTruthy();
  });
});
