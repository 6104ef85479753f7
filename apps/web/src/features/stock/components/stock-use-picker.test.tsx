import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import type { CaseStockUseLine, StockItemWithBatches } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { StockUsePicker } from './stock-use-picker';
import { lineErrors, stockUseProblems, type StockUseLineValue } from './stock-use-rules';

const batch = (id: number, batchNo: string, expiryDate: string, balance: number, expired = false) => ({ id, itemId: 1, batchNo, expiryDate, supplier: null, receivedOn: '2026-10-01', costPaise: null, quantityReceived: 10, balance, expired });

const VACCINE: StockItemWithBatches = {
  id: 1,
  ngoId: 1,
  name: 'Raksharab',
  kind: 'vaccine_rabies',
  unit: 'dose',
  reorderLevel: null,
  usable: 7,
  low: false,
  batches: [batch(10, 'OLD-1', '2026-11-01', 3, true), batch(11, 'ARV-7', '2026-12-31', 2), batch(12, 'ARV-9', '2027-06-30', 5)],
};

/** The picker as a step holds it: the lines in state, each problem at its field. */
function Harness({ stored = [] }: { stored?: CaseStockUseLine[] }) {
  const [lines, setLines] = useState<StockUseLineValue[]>(stored.map((s) => ({ ...s, batchId: s.batchId ?? null })));
  const problems = stockUseProblems(lines, [VACCINE], stored);
  let next = 0;
  return <StockUsePicker items={[VACCINE]} lines={lines} onChange={setLines} stored={stored} errorsOf={(i) => lineErrors(problems, i)} newUid={() => `line-000${++next}`} />;
}

describe('StockUsePicker', () => {
  afterEach(() => {
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('adds a line of the first usable item from the batch expiring first, offers only batches that can be used, and says when a quantity is more than the batch holds', async () => {
    const { user } = renderWithProviders(<Harness />);
    expect(screen.getByText('No stock recorded on this step.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add stock used' }));

    const line = screen.getByTestId('stock-use-line');
    expect(within(line).getByRole<HTMLSelectElement>('combobox', { name: 'Item' }).selectedOptions[0]!.textContent).toBe('Raksharab: 7 dose usable');
    const batches = within(line).getByRole<HTMLSelectElement>('combobox', { name: 'Batch' });
    expect([...batches.options].map((o) => o.textContent)).toEqual(['First to expire (Batch ARV-7, 31/12/2026)', 'Batch ARV-7: 2 left, expires 31/12/2026', 'Batch ARV-9: 5 left, expires 30/06/2027']);

    const quantity = within(line).getByRole('textbox', { name: 'Quantity (dose)' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(await within(line).findByText('Quantity is more than the 2 dose the batch expiring first holds')).toBeTruthy();
    await user.selectOptions(batches, 'Batch ARV-9: 5 left, expires 30/06/2027');
    expect(within(line).queryByText(/is more than/)).toBeNull();

    await user.click(within(line).getByRole('button', { name: 'Remove' }));
    expect(screen.queryByTestId('stock-use-line')).toBeNull();
  });

  it("counts what a stored line already took as its own, and says so in Hindi", async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    const { user } = renderWithProviders(<Harness stored={[{ uid: 'line-stored-1', itemId: 1, batchId: 11, quantity: 2 }]} />);
    const line = screen.getByTestId('stock-use-line');
    const quantity = within(line).getByRole('textbox', { name: 'मात्रा (dose)' });
    // 2 taken before and 2 left in the batch: 4 is all it can be.
    await user.clear(quantity);
    await user.type(quantity, '4');
    expect(within(line).queryByText(/से ज़्यादा है/)).toBeNull();
    await user.clear(quantity);
    await user.type(quantity, '5');
    expect(await within(line).findByText('मात्रा इस बैच में बचे 4 dose से ज़्यादा है')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'इस्तेमाल किया गया स्टॉक जोड़ें' })).toBeTruthy();
  });

  it('refuses an expired batch kept on a line at the batch', () => {
    const lines: StockUseLineValue[] = [{ uid: 'line-00001', itemId: 1, batchId: 10, quantity: 1 }];
    expect(stockUseProblems(lines, [VACCINE], [])).toEqual({ 'stockUses.0.batchId': 'Batch OLD-1 has expired and cannot be used' });
  });
});
