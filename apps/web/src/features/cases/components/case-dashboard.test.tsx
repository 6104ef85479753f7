import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { Me } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { buildCaseList, buildListItem } from '../test/case-factory';
import { CaseDashboard } from './case-dashboard';

const MANAGER: Me = {
  id: 5,
  role: 'Manager',
  ngoId: 2,
  name: 'Manoj Manager',
  username: 'manager',
  email: 'manager@example.org',
  profileImage: null,
  ngoName: 'Green Paws Trust',
  language: 'en',
};
const WORKER: Me = { ...MANAGER, id: 6, role: 'Worker', name: 'Wasim Worker', username: 'worker', email: 'worker@example.org' };

const ANITA = buildListItem();
const RAVI = buildListItem({ id: 13, type: 'OPD', status: 'Admitted', reporterName: 'Ravi Kumar', location: 'Indiranagar', landmark: 'Toit', pincode: '560038', createdBy: 'Manoj Manager' });

function Where() {
  const location = useLocation();
  return <output aria-label="Current address">{location.pathname + location.search}</output>;
}

function listRequests(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/case/getCaseByType'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe('CaseDashboard', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it("shows the server's counts in the tiles and each case in the table with its creator's name", async () => {
    const list = buildCaseList([RAVI, ANITA], { total: 120, Reported: 70, Admitted: 30, Released: 20 });
    const fetchMock = stubFetch({ 'POST /api/case/getCaseByType': { body: list } });
    renderWithProviders(<CaseDashboard me={MANAGER} />, { route: '/dashboard' });

    const row = (await screen.findByText('Anita Desai')).closest('tr');
    if (!row) throw new Error('no row');
    for (const [tile, count] of [['Total Cases', '120'], ['Reported', '70'], ['Admitted', '30'], ['Released', '20']] as const) {
      expect(within(screen.getByRole('group', { name: tile })).getByText(count)).toBeTruthy();
    }
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Action', 'Case', 'Reported', 'Animal ID', 'Status', 'Reporter', 'Location', 'Created By']);
    for (const text of ['#12', 'Sterilization', '20/11/2026', 'MG Road, near Metro pillar 45', 'Cauvery Emporium · 560001', 'Wasim Worker']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    expect(within(row).getByRole('link', { name: 'Edit Case #12' }).getAttribute('href')).toBe('/dashboard/case?id=12');
    expect(within(row).getByRole<HTMLSelectElement>('combobox', { name: 'Status of case #12' }).value).toBe('Reported');
    expect(listRequests(fetchMock)).toEqual([{ type: 'All', page: 1, pageSize: 50 }]);
  });

  it('cuts a long name to its column, whole on hover, and lets the keyboard focus only the texts that are cut', async () => {
    // jsdom lays nothing out: a text longer than 20 characters stands for one wider than its column.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return (this.textContent ?? '').length > 20 ? 300 : 80;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(100);
    const longName = 'Shrimati Venkatalakshmi Subramaniam Iyer';
    stubFetch({ 'POST /api/case/getCaseByType': { body: buildCaseList([buildListItem({ reporterName: longName, createdBy: 'Wasim Worker' })]) } });
    const { user } = renderWithProviders(<CaseDashboard me={MANAGER} />, { route: '/dashboard' });

    const reporter = await screen.findByText(longName);
    expect(reporter.getAttribute('title')).toBe(longName);
    await waitFor(() => expect(reporter.getAttribute('tabindex')).toBe('0'));
    const creator = screen.getByText('Wasim Worker');
    expect(creator.getAttribute('title')).toBe('Wasim Worker');
    expect(creator.getAttribute('tabindex')).toBeNull();
    // The Tab key reaches the cut name after the row's status (the last control before it).
    screen.getByRole('combobox', { name: 'Status of case #12' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(reporter);
  });

  it('shows every case of a full page of fifty, the last as well as the first, and says which ones they are', async () => {
    const rows = Array.from({ length: 50 }, (_, n) => buildListItem({ id: 100 + n, reporterName: `Reporter ${n + 1}` }));
    const list = { ...buildCaseList(rows), meta: { ...buildCaseList(rows).meta, total: 120 } };
    stubFetch({ 'POST /api/case/getCaseByType': { body: list } });
    renderWithProviders(<CaseDashboard me={MANAGER} />, { route: '/dashboard' });

    // The first rows are drawn with the page, the rest in a deferred render right after.
    await screen.findByText('Reporter 1');
    await screen.findByText('Reporter 50');
    expect(screen.getAllByRole('link', { name: /^Edit Case #/ })).toHaveLength(50);
    expect(screen.getByText('1–50 of 120 cases')).toBeTruthy();
  });

  it('searches on the server once typing pauses, and filters by the type tab', async () => {
    const fetchMock = stubFetch({ 'POST /api/case/getCaseByType': { body: buildCaseList([ANITA]) } });
    const { user } = renderWithProviders(<CaseDashboard me={MANAGER} />, { route: '/dashboard' });
    await screen.findByText('Anita Desai');

    await user.click(screen.getByRole('searchbox', { name: 'Search cases' }));
    await user.paste('5600');
    // Not at once: the request waits for a pause in typing.
    expect(listRequests(fetchMock)).toHaveLength(1);
    await waitFor(() => expect(listRequests(fetchMock).at(-1)).toEqual({ type: 'All', search: '5600', page: 1, pageSize: 50 }));
    expect(listRequests(fetchMock).map((body) => body.search)).toEqual([undefined, '5600']);

    await user.click(screen.getByRole('tab', { name: 'OPD' }));
    await waitFor(() => expect(listRequests(fetchMock).at(-1)).toEqual({ type: 'OPD', search: '5600', page: 1, pageSize: 50 }));
  });

  it('waits for two characters before searching, and says so', async () => {
    const fetchMock = stubFetch({ 'POST /api/case/getCaseByType': { body: buildCaseList([ANITA]) } });
    const { user } = renderWithProviders(<CaseDashboard me={MANAGER} />, { route: '/dashboard' });
    await screen.findByText('Anita Desai');

    const box = screen.getByRole('searchbox', { name: 'Search cases' });
    await user.type(box, 's');
    expect(await screen.findByText('Type at least two letters or digits')).toBeTruthy();
    await user.type(box, 'h');
    await waitFor(() => expect(listRequests(fetchMock).at(-1)).toEqual({ type: 'All', search: 'sh', page: 1, pageSize: 50 }));
    expect(listRequests(fetchMock).map((body) => body.search)).toEqual([undefined, 'sh']);
    expect(screen.queryByText('Type at least two letters or digits')).toBeNull();
  });

  it('says so when there are no cases yet', async () => {
    stubFetch({ 'POST /api/case/getCaseByType': { body: buildCaseList([]) } });
    renderWithProviders(<CaseDashboard me={MANAGER} />, { route: '/dashboard' });

    expect(await screen.findByText('No cases yet')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Total Cases' })).getByText('0')).toBeTruthy();
  });

  it('shows a Worker no delete icon', async () => {
    stubFetch({ 'POST /api/case/getCaseByType': { body: buildCaseList([ANITA]) } });
    renderWithProviders(<CaseDashboard me={WORKER} />, { route: '/dashboard' });

    await screen.findByText('Anita Desai');
    expect(screen.queryByRole('button', { name: /^Delete case/ })).toBeNull();
  });

  it('deletes a case only after the confirmation, then reloads the list', async () => {
    let deleted = false;
    const fetchMock = stubFetch({
      'POST /api/case/getCaseByType': () => ({ body: buildCaseList(deleted ? [RAVI] : [RAVI, ANITA]) }),
      'POST /api/case/deleteCase': () => {
        deleted = true;
        return { body: { data: null } };
      },
    });
    const { user } = renderWithProviders(<CaseDashboard me={MANAGER} />, { route: '/dashboard' });

    await user.click(await screen.findByRole('button', { name: 'Delete case #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm delete case' });
    expect(within(dialog).getByText('Delete case #12 (Anita Desai, MG Road, near Metro pillar 45)?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('Anita Desai')).toBeNull());
    // A Manager may delete but not restore: the toast offers no Undo.
    expect((await screen.findByRole('alert')).textContent).toContain('Case deleted');
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/case/deleteCase'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ caseId: 12 });
  });

  it("shows the server's message when a delete is refused", async () => {
    stubFetch({
      'POST /api/case/getCaseByType': { body: buildCaseList([ANITA]) },
      'POST /api/case/deleteCase': { status: 403, body: { message: 'You do not have permission to do that.' } },
    });
    const { user } = renderWithProviders(<CaseDashboard me={MANAGER} />, { route: '/dashboard' });

    await user.click(await screen.findByRole('button', { name: 'Delete case #12' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm delete case' })).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('You do not have permission to do that.')).toBeTruthy();
    expect(screen.getByText('Anita Desai')).toBeTruthy();
  });

  it("changes a status in place, and says 'Status update unsuccessful' when the server refuses", async () => {
    const fetchMock = stubFetch({
      'POST /api/case/getCaseByType': { body: buildCaseList([ANITA]) },
      'POST /api/case/updateCase': { status: 422, body: { message: 'Status must be one of Reported, Admitted' } },
    });
    const { user } = renderWithProviders(<CaseDashboard me={MANAGER} />, { route: '/dashboard' });

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status of case #12' }), 'Admitted');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Status update unsuccessful')).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/case/updateCase'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ caseId: 12, status: 'Admitted' });
    await waitFor(() => expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Status of case #12' }).value).toBe('Reported'));
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    stubFetch({ 'POST /api/case/getCaseByType': { status: 503, body: { message: 'The database is unavailable right now. Please try again in a moment.' } } });
    renderWithProviders(<CaseDashboard me={MANAGER} />, { route: '/dashboard' });

    expect((await screen.findAllByText('The database is unavailable right now. Please try again in a moment.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("refuses 'Add New Case' without a type, then opens the case page for a new case, storing nothing yet", async () => {
    const fetchMock = stubFetch({ 'POST /api/case/getCaseByType': { body: buildCaseList([]) } });
    const { user } = renderWithProviders(
      <>
        <CaseDashboard me={MANAGER} />
        <Where />
      </>,
      { route: '/dashboard' },
    );

    await user.click(screen.getByRole('button', { name: 'Add case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Case' });
    const types = within(dialog).getByRole('radiogroup', { name: 'Type of case' });
    expect(within(types).getAllByRole('radio').map((radio) => radio.textContent)).toEqual(['Sterilization', 'OPD', 'IPD', 'Vaccination']);
    expect(within(types).queryByRole('radio', { checked: true })).toBeNull();
    expect(within(dialog).getByRole<HTMLInputElement>('combobox', { name: 'Status' }).value).toBe('Reported');
    expect(within(dialog).getByRole<HTMLInputElement>('combobox', { name: 'Mortality' }).value).toBe('Healthy');
    expect(within(dialog).queryByRole('combobox', { name: /NGO/ })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Please choose Case Type')).toBeTruthy();

    await user.click(within(types).getByRole('radio', { name: 'Vaccination' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(screen.getByRole('status', { name: 'Current address' }).textContent).toBe('/dashboard/case?new=1&type=Vaccination&status=Reported&mortality=Healthy'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/case/createCase'))).toBe(false);
  });

  it('makes an Admin choose the NGO of the new case', async () => {
    const admin: Me = { ...MANAGER, id: 1, role: 'Admin', ngoId: null, ngoName: null };
    const ngo = (id: number, name: string) => ({ id, name, darpanId: null, logo: null });
    stubFetch({
      'POST /api/case/getCaseByType': { body: buildCaseList([]) },
      'POST /api/ngo/getNgos': { body: { data: [ngo(2, 'Green Paws Trust'), ngo(3, 'Blue Cross Pune')], meta: { total: 2, page: 1, pageSize: 100 } } },
    });
    const { user } = renderWithProviders(
      <>
        <CaseDashboard me={admin} />
        <Where />
      </>,
      { route: '/dashboard' },
    );

    await user.click(screen.getByRole('button', { name: 'Add case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Case' });
    await user.click(within(dialog).getByRole('radio', { name: 'IPD' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Please choose the NGO')).toBeTruthy();

    await user.click(within(dialog).getByRole('combobox', { name: /NGO/ }));
    await user.click(await screen.findByRole('option', { name: 'Blue Cross Pune' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(screen.getByRole('status', { name: 'Current address' }).textContent).toBe('/dashboard/case?new=1&type=IPD&status=Reported&mortality=Healthy&ngoId=3'));
  });
  it("names the dialog's close button and keeps its header out of the page's banner landmarks", async () => {
    stubFetch({ 'POST /api/case/getCaseByType': { body: buildCaseList([]) } });
    const { user } = renderWithProviders(<CaseDashboard me={MANAGER} />, { route: '/dashboard' });

    await user.click(screen.getByRole('button', { name: 'Add case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Case' });
    expect(dialog.querySelector('header')).toBeNull();
    expect(within(dialog).queryByRole('banner')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Case' })).toBeNull());
  });

  it('reads in Hindi: tiles, search, tabs, table, status options and the add-case dialog', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({ 'POST /api/case/getCaseByType': { body: buildCaseList([ANITA], { total: 1, Reported: 1 }) } });
    const { user } = renderWithProviders(<CaseDashboard me={MANAGER} />, { route: '/dashboard' });

    const row = (await screen.findByText('Anita Desai')).closest('tr');
    if (!row) throw new Error('no row');
    for (const tile of ['कुल केस', 'सूचना मिली', 'भर्ती', 'छोड़ा गया']) expect(screen.getByRole('group', { name: tile })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'केस खोजें' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['सभी', 'नसबंदी', 'ओपीडी', 'आईपीडी', 'टीकाकरण']);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['कार्रवाई', 'केस', 'सूचना की तारीख', 'पशु आईडी', 'स्थिति', 'सूचना देने वाले', 'जगह', 'किसने बनाया']);
    expect(within(row).getByRole('link', { name: 'केस बदलें #12' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'केस #12 हटाएँ' })).toBeTruthy();
    const status = within(row).getByRole<HTMLSelectElement>('combobox', { name: 'केस #12 की स्थिति' });
    // The stored value stays English; the option shows its label.
    expect(status.value).toBe('Reported');
    expect(status.selectedOptions[0]?.textContent).toBe('सूचना मिली');
    expect(screen.getByText('1 केस में से 1–1')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'केस जोड़ें' }));
    const dialog = await screen.findByRole('dialog', { name: 'नया केस जोड़ें' });
    expect(within(dialog).getByRole<HTMLInputElement>('combobox', { name: 'स्थिति' }).value).toBe('सूचना मिली');
    expect(within(dialog).getByRole<HTMLInputElement>('combobox', { name: 'हालत' }).value).toBe('स्वस्थ');
    expect(within(dialog).getByRole('button', { name: 'बंद करें' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'आगे' })).toBeTruthy();
  });
});
