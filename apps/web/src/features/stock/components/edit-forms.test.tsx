import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { StockItemWithBatches } from '@rescuedesk/shared';
import { stubFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { EditBatchForm } from './edit-batch-form';
import { EditItemForm } from './edit-item-form';

const batch = (id: number, batchNo: string, costPaise: number | null) => ({ id, itemId: 1, batchNo, expiryDate: '2027-06-30', supplier: 'Indian Immunologicals', receivedOn: '2026-10-01', costPaise, quantityReceived: 10, balance: 7, expired: false });
const ITEMS: StockItemWithBatches[] = [
  { id: 1, ngoId: 2, name: 'Raksharab', kind: 'vaccine_rabies', unit: 'dose', reorderLevel: 5, usable: 7, low: false, batches: [batch(11, 'ARV-7', 250_050), batch(12, 'ARV-9', null)] },
  { id: 2, ngoId: 2, name: 'Xylazine', kind: 'anaesthetic', unit: 'ml', reorderLevel: null, usable: 0, low: false, batches: [] },
];

const sentTo = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === path).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('correcting stock details', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it("shows the picked item's details and saves the corrected ones", async () => {
    const fetchMock = stubFetch({ 'POST /api/stock/updateItem': { body: { data: { ...ITEMS[1], reorderLevel: 3 } } } });
    const { user } = renderWithProviders(<EditItemForm items={ITEMS} />);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Item name/ }).value).toBe('Raksharab');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Item' }), 'Xylazine');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Unit/ }).value).toBe('ml');
    await user.type(screen.getByRole('textbox', { name: 'Reorder level' }), '3');
    await user.click(screen.getByRole('button', { name: 'Save item details' }));
    await waitFor(() => expect(sentTo(fetchMock, '/api/stock/updateItem')).toEqual([{ itemId: 2, name: 'Xylazine', unit: 'ml', reorderLevel: 3 }]));
  });

  it("shows the picked batch's details, sends the cost in paise and never a quantity, in English and Hindi", async () => {
    const fetchMock = stubFetch({ 'POST /api/stock/updateBatch': { body: { data: batch(11, 'ARV-7A', 250_050) } } });
    const { user, unmount } = renderWithProviders(<EditBatchForm items={ITEMS} />);
    expect(screen.getByText("A batch's quantity changes only by a receipt, a use or an adjustment.")).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Cost of the batch/ }).value).toBe('2500.5');
    const batchNo = screen.getByRole('textbox', { name: /^Batch number/ });
    await user.clear(batchNo);
    await user.type(batchNo, 'ARV-7A');
    await user.clear(screen.getByRole('textbox', { name: /^Supplier/ }));
    await user.click(screen.getByRole('button', { name: 'Save batch details' }));
    await waitFor(() => expect(sentTo(fetchMock, '/api/stock/updateBatch')).toEqual([{ batchId: 11, batchNo: 'ARV-7A', expiryDate: '2027-06-30', supplier: null, costPaise: 250_050 }]));
    unmount();

    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    renderWithProviders(<EditBatchForm items={ITEMS} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'बैच' }), 'Raksharab, बैच ARV-9');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^बैच की लागत/ }).value).toBe('');
    expect(screen.getByRole('button', { name: 'बैच का विवरण सहेजें' })).toBeTruthy();
  });
});
