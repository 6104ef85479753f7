import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
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
});
