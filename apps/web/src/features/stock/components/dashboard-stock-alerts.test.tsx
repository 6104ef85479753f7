import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { StockOverview } from '@rescuedesk/shared';
import { stubFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import DashboardStockAlerts from './dashboard-stock-alerts';

const OVERVIEW: StockOverview = {
  today: '2026-11-29',
  items: [],
  alerts: {
    lowItems: [{ itemId: 1, name: 'Anti-rabies vaccine', usable: 4, reorderLevel: 20 }],
    expiringBatches: [{ batchId: 7, itemId: 2, name: 'Xylazine', batchNo: 'XZ-114', expiryDate: '2026-12-10', balance: 3, expired: false }],
  },
};

describe('DashboardStockAlerts', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it("lists the Stock page's alerts with the way to it, in English and Hindi", async () => {
    stubFetch({ 'POST /api/stock/getStock': { body: { data: OVERVIEW } } });
    const { unmount } = renderWithProviders(<DashboardStockAlerts />);
    const alerts = await screen.findByTestId('dashboard-stock-alerts');
    expect(alerts.textContent).toContain('Anti-rabies vaccine');
    expect(alerts.textContent).toContain('XZ-114');
    expect(screen.getByRole('link', { name: 'Open stock' }).getAttribute('href')).toBe('/stock');
    unmount();

    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    renderWithProviders(<DashboardStockAlerts />);
    expect(await screen.findByRole('link', { name: 'स्टॉक खोलें' })).toBeTruthy();
  });

  it('shows nothing when no item is low and no batch is expiring', async () => {
    const fetchMock = stubFetch({ 'POST /api/stock/getStock': { body: { data: { ...OVERVIEW, alerts: { lowItems: [], expiringBatches: [] } } } } });
    renderWithProviders(<DashboardStockAlerts />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('dashboard-stock-alerts')).toBeNull());
    expect(screen.queryByRole('link', { name: 'Open stock' })).toBeNull();
  });
});
