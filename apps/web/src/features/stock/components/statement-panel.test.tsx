import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { StockStatement } from '@rescuedesk/shared';
import { stubFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { StatementPanel } from './statement-panel';

const NOVEMBER: StockStatement = {
  month: '2026-11',
  items: [
    {
      itemId: 1, name: 'Anti-rabies vaccine', kind: 'vaccine_rabies', unit: 'dose',
      batches: [{ batchId: 4, batchNo: 'ARV-22', expiryDate: '2027-06-30', opening: 10, received: 50, used: 12, adjusted: -2, closing: 46 }],
      total: { opening: 10, received: 50, used: 12, adjusted: -2, closing: 46 },
    },
  ],
};

describe('StatementPanel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it("prints the month's statement headed by the NGO and the month, in English and Hindi", async () => {
    stubFetch({ 'POST /api/stock/getStatement': { body: { data: NOVEMBER } } });
    const printed = vi.fn();
    vi.stubGlobal('print', printed);
    const { user, unmount } = renderWithProviders(<StatementPanel initialMonth="2026-11" ngoName="Green Paws Trust" />);
    const total = (await screen.findByText('Total')).closest('tr')!;
    expect(within(total).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Anti-rabies vaccine', 'Total', '10', '50', '12', '-2', '46']);
    expect(screen.getByText('Green Paws Trust · Stock statement for November 2026')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(printed).toHaveBeenCalledOnce();
    unmount();

    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    renderWithProviders(<StatementPanel initialMonth="2026-11" ngoName="Green Paws Trust" />);
    expect(await screen.findByText('Green Paws Trust · नवंबर 2026 का स्टॉक विवरण')).toBeTruthy();
  });
});
