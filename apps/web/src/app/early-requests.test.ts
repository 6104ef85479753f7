import { describe, expect, it } from 'vitest';
import { dashboardListParams, readDashboardFilters } from '../features/cases/api/dashboard-filters';
import { FIRST_DASHBOARD_LIST } from './early-requests';

describe('the requests sent before the app arrives', () => {
  it('ask for the dashboard list exactly as the dashboard opened with nothing in its address does', () => {
    const asked = dashboardListParams(readDashboardFilters(new URLSearchParams('')));
    expect(JSON.stringify({ ...FIRST_DASHBOARD_LIST })).toBe(JSON.stringify(asked));
  });
});
