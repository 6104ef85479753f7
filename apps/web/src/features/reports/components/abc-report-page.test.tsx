import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { stubFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { i18n } from '../../../lib/i18n/i18n';
import { MARCH_REPORT, manager } from '../test/report-fixtures';
import { AbcReportPage, AbcReportSheet } from './abc-report-page';

afterEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: en });
});

describe('AbcReportSheet', () => {
  it('shows each ward and the total under grouped column headings, with the NGO and the month', () => {
    renderWithProviders(<AbcReportSheet report={MARCH_REPORT} />);
    expect(screen.getByRole('heading', { name: 'Green Paws Trust' })).toBeTruthy();
    expect(screen.getByText('Darpan ID: KA/2019/0234567')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'ABC report for March 2026' });
    expect(within(table).getByRole('columnheader', { name: 'Dogs captured' }).getAttribute('colspan')).toBe('4');
    const total = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(within(total).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '2', '1', '6', '0', '0', '1', '0', '0', '0', '0', '0', '1', '3', '0', '3', '0', '0', '0', '2', '1', '0', '6.5']);
    expect(within(table).getByRole('rowheader', { name: '(no ward/zone)' })).toBeTruthy();
    expect(screen.getByText('Releases farther than 500 m from the capture point are counted as beyond the limit.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Signatures' }).textContent).toContain('District Veterinary Officer');
  });

  it('heads its columns by short names, with the full name on hover and for screen readers', () => {
    renderWithProviders(<AbcReportSheet report={MARCH_REPORT} />);
    const table = screen.getByRole('table', { name: 'ABC report for March 2026' });
    const lactating = within(table).getByRole('columnheader', { name: 'Lactating' });
    expect(lactating.getAttribute('title')).toBe('Lactating');
    expect(within(lactating).getByText('Lact.').getAttribute('aria-hidden')).toBe('true');
    // A group of one column is headed once, across both heading rows.
    const vaccinated = within(table).getByRole('columnheader', { name: 'Dogs given the anti-rabies vaccine' });
    expect(vaccinated.getAttribute('rowspan')).toBe('2');
    expect(vaccinated.textContent).toContain('ARV');
    // Where the short name is the full one, it is shown as it is.
    expect(within(table).getAllByRole('columnheader', { name: 'Total' })[0]?.getAttribute('title')).toBeNull();
    // Every number has its column: the second heading row and the groups of one column head 23 columns.
    const heads = within(table).getAllByRole('columnheader').filter((th) => th.getAttribute('colspan') === null && th.textContent !== 'Ward/Zone');
    expect(heads).toHaveLength(23);
  });

  it('names the sterilisation cases it could not count for want of a species, each opening at its Animal Details', () => {
    renderWithProviders(<AbcReportSheet report={{ ...MARCH_REPORT, speciesNotRecorded: [12, 15] }} />);
    const note = screen.getByTestId('species-not-recorded');
    expect(note.textContent).toContain('2 sterilisation cases are not counted');
    expect(note.textContent).toContain("Their animal's species was never recorded, so this report cannot count them as dogs.");
    expect(within(note).getByRole('link', { name: 'Case #15' }).getAttribute('href')).toBe('/dashboard/case?id=15&step=2');
  });

  it("lists the month's coverage surveys under the table, each estimate with its 95% interval, in English and Hindi", () => {
    const survey = {
      id: 4, uid: 'walk-1', ngoId: 2, wardId: 9, wardName: 'Gandhi Bazaar', surveyDate: '2026-03-12', routeNote: null, surveyorName: 'Wasim', counted: 40, notched: 20, vaccinated: 12,
      estimate: {
        marked: 30, counted: 40, resighted: 20, population: 59.5, standardError: 6, populationInterval: { lower: 49.2, upper: 75.8 },
        shareSterilised: 0.504, shareSterilisedInterval: { lower: 0.4, upper: 0.61 }, shareVaccinated: 0.3, shareVaccinatedInterval: { lower: 0.18, upper: 0.45 }, cautions: [],
      },
    };
    const { unmount } = renderWithProviders(<AbcReportSheet report={{ ...MARCH_REPORT, surveys: [survey] }} />);
    const table = screen.getByRole('table', { name: 'Coverage surveys in the month' });
    const row = within(table).getByRole('rowheader', { name: 'Gandhi Bazaar' }).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['12/03/2026', '40', '20', '30', '60 (49–76)', '50% (40%–61%)', '30% (18%–45%)']);
    expect(screen.getByText(/Target: 70% sterilised and vaccinated/)).toBeTruthy();
    unmount();

    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    renderWithProviders(<AbcReportSheet report={{ ...MARCH_REPORT, surveys: [survey] }} />);
    expect(screen.getByRole('table', { name: 'महीने के कवरेज सर्वे' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'रिकॉर्ड में नसबंदी' })).toBeTruthy();
  });

  it('shows no survey section in a month without surveys', () => {
    renderWithProviders(<AbcReportSheet report={MARCH_REPORT} />);
    expect(screen.queryByTestId('report-surveys')).toBeNull();
  });

  it('says nothing of the kind when every case has its species', () => {
    renderWithProviders(<AbcReportSheet report={MARCH_REPORT} />);
    expect(screen.queryByTestId('species-not-recorded')).toBeNull();
  });

  it('names them in Hindi', () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    renderWithProviders(<AbcReportSheet report={{ ...MARCH_REPORT, speciesNotRecorded: [12] }} />);
    expect(screen.getByTestId('species-not-recorded').textContent).toContain('नसबंदी का 1 केस गिना नहीं गया');
  });

  it('reads in Hindi', () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    renderWithProviders(<AbcReportSheet report={MARCH_REPORT} />);
    expect(screen.getByRole('columnheader', { name: 'पकड़े गए कुत्ते' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'ऑपरेशन से पहले' }).textContent).toContain('पहले');
    expect(screen.getByRole('rowheader', { name: 'कुल' })).toBeTruthy();
    expect(screen.getByText('ज़िला पशु चिकित्सा अधिकारी')).toBeTruthy();
  });
});

describe('AbcReportPage', () => {
  it('asks for the month in the address and offers print, the PDF and the register', async () => {
    const fetchMock = stubFetch({ 'POST /api/report/getAbcReport': { body: { data: MARCH_REPORT } } });
    renderWithProviders(<AbcReportPage me={manager()} />, { route: '/report?month=2026-03' });
    expect(await screen.findByRole('table', { name: 'ABC report for March 2026' })).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
    expect(asked).toContainEqual({ month: '2026-03' });
    for (const name of ['Print', 'Download PDF', 'Per-dog register (CSV)']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'NGO' })).toBeNull();
  });

  it("asks a committee member's report without the stock kept by the staff, and the staff's with it", async () => {
    const paths = (mock: ReturnType<typeof stubFetch>) => mock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
    const committee = stubFetch({ 'POST /api/report/getAbcReport': { body: { data: MARCH_REPORT } } });
    const { unmount } = renderWithProviders(<AbcReportPage me={{ ...manager(), role: 'Committee' }} />, { route: '/report?month=2026-03' });
    expect(await screen.findByRole('table', { name: 'ABC report for March 2026' })).toBeTruthy();
    expect(paths(committee)).not.toContain('/api/stock/getReconciliation');
    unmount();

    const staff = stubFetch({ 'POST /api/report/getAbcReport': { body: { data: MARCH_REPORT } } });
    renderWithProviders(<AbcReportPage me={manager()} />, { route: '/report?month=2026-03' });
    expect(await screen.findByRole('table', { name: 'ABC report for March 2026' })).toBeTruthy();
    await waitFor(() => expect(paths(staff)).toContain('/api/stock/getReconciliation'));
  });
});
