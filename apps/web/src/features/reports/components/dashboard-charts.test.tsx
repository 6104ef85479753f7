import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { DashboardCharts } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { i18n } from '../../../lib/i18n/i18n';
import { ChartsView } from './dashboard-charts';

const months = ['2025-12', '2026-01', '2026-02', '2026-03'];
const zero = { Reported: 0, Admitted: 0, 'Blood Test': 0, Operation: 0, 'Post Operation': 0, Released: 0 };
const DATA: DashboardCharts = {
  months,
  casesByMonth: months.map((month, i) => ({ month, counts: { ...zero, Released: i * 10, Admitted: 2 } })),
  casesByType: { Sterilization: 120, OPD: 40, IPD: 12, Vaccination: 9 },
  outcomes: { released: 60, died: 3, inCare: 118 },
  surgeriesByMonth: months.map((month, i) => ({ month, male: i, female: i * 2 })),
};

afterEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: en });
});

describe('the dashboard charts', () => {
  it('title each chart and give its numbers as text', () => {
    renderWithProviders(<ChartsView data={DATA} />);
    for (const name of ['Charts', 'Cases per month, by status', 'Surgeries per month', 'Cases by type', 'Outcomes']) expect(screen.getByRole('heading', { name })).toBeTruthy();
    expect(screen.getByText('Mar 26: 32')).toBeTruthy();
    expect(screen.getByText('Mar 26: Male 3, Female 6')).toBeTruthy();
    expect(screen.getByText('Sterilization: 120')).toBeTruthy();
    expect(screen.getAllByText('In care: 118').length).toBeGreaterThan(0);
  });

  it('read in Hindi', () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    renderWithProviders(<ChartsView data={DATA} />);
    expect(screen.getByRole('heading', { name: 'हर महीने के केस, स्थिति के अनुसार' })).toBeTruthy();
    expect(screen.getAllByText('देखभाल में: 118').length).toBeGreaterThan(0);
  });
});
