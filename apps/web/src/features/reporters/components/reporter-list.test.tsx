import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Reporter } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { FOUNDER } from '../../../../test/accounts';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { ReporterList } from './reporter-list';


function page<T>(data: T[]) {
  return { body: { data, meta: { total: data.length, page: 1, pageSize: 10 } } };
}

describe('ReporterList', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('shows a reporter as a card in Hindi on a phone, with a number to call', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    stubFetch({
      'POST /api/reporter/getReporters': page<Reporter>([
        { id: 31, ngoId: 2, name: 'Lakshmi Rao', contact: '+91 98450 12345', alternateContact: null, email: null, verificationId: [] },
      ]),
    });
    renderWithProviders(<ReporterList me={FOUNDER} />);

    expect(screen.getByRole('heading', { name: 'सूचना देने वालों का प्रबंधन', level: 1 })).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Lakshmi Rao' });
    expect(within(card).getByText('क्र.सं. 1')).toBeTruthy();
    expect(within(card).getByText('संपर्क नंबर')).toBeTruthy();
    expect(within(card).getByRole('link', { name: '+91 98450 12345' }).getAttribute('href')).toBe('tel:+919845012345');
    expect(within(card).getByRole('link', { name: 'Lakshmi Rao देखें' })).toBeTruthy();
  });
});
