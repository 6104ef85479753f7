import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { StockReconciliation, StockStatement } from '@rescuedesk/shared';
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

const RECONCILED: StockReconciliation = {
  rabiesVaccinations: 12,
  rabiesDosesUsed: 12,
  difference: 0,
  operations: 9,
  operationsWithAnaesthetic: 7,
  operationsWithoutAnaesthetic: 2,
  operationSupplies: [
    { itemId: 2, name: 'Xylazine', kind: 'anaesthetic', unit: 'ml', usedOnCases: 31 },
    { itemId: 3, name: 'Vicryl 2-0', kind: 'suture', unit: 'packet', usedOnCases: 9 },
  ],
};

const figureOf = (row: HTMLElement) => within(row).getByRole('cell').textContent;

describe('StatementPanel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it("prints the month's statement headed by the NGO and the month, in English and Hindi", async () => {
    stubFetch({ 'POST /api/stock/getStatement': { body: { data: NOVEMBER } }, 'POST /api/stock/getReconciliation': { body: { data: RECONCILED } } });
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

  it("shows under the statement the month's vaccinations and operations against the stock, each row saying what it counts, in English and Hindi", async () => {
    stubFetch({ 'POST /api/stock/getStatement': { body: { data: NOVEMBER } }, 'POST /api/stock/getReconciliation': { body: { data: RECONCILED } } });
    const { unmount } = renderWithProviders(<StatementPanel initialMonth="2026-11" ngoName="Green Paws Trust" />);
    const table = await screen.findByRole('table', { name: 'Stock against the ABC report' });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });
    expect(figureOf(row('Anti-rabies vaccinations recorded on cases'))).toBe('12');
    expect(figureOf(row("Operations recorded on cases (the ABC report's count)"))).toBe('9');
    expect(figureOf(row('Operations with an anaesthetic from stock on their operation step'))).toBe('7');
    expect(figureOf(row('Operations with no anaesthetic recorded from stock'))).toBe('2');
    expect(figureOf(row('Anaesthetic used on cases: Xylazine (ml)'))).toBe('31');
    expect(figureOf(row('Suture used on cases: Vicryl 2-0 (packet)'))).toBe('9');
    expect(screen.getByText('The vaccinations and the doses agree.')).toBeTruthy();
    unmount();

    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({ 'POST /api/stock/getStatement': { body: { data: NOVEMBER } }, 'POST /api/stock/getReconciliation': { body: { data: { ...RECONCILED, operationSupplies: [] } } } });
    renderWithProviders(<StatementPanel initialMonth="2026-11" ngoName="Green Paws Trust" />);
    const hindi = await screen.findByRole('table', { name: 'ABC रिपोर्ट से स्टॉक का मिलान' });
    expect(figureOf(within(hindi).getByRole('row', { name: /^ऐसे ऑपरेशन जिनमें स्टॉक से कोई एनेस्थेटिक दर्ज नहीं है/ }))).toBe('2');
    expect(figureOf(within(hindi).getByRole('row', { name: /^केसों पर इस्तेमाल हुए एनेस्थेटिक और टांके/ }))).toBe('कुछ दर्ज नहीं');
  });
});
