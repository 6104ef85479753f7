import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { FOUNDER, ADMIN, MANAGER } from '../../../../test/accounts';
import { stubFetch } from '../../../../test/fetch';
import { buildCase, buildCaseList, buildListItem } from '../test/case-factory';
import { CaseDashboard } from './case-dashboard';


const ANITA = buildListItem();
const RAVI = buildListItem({ id: 13, type: 'OPD', reporterName: 'Ravi Kumar', location: 'Indiranagar', landmark: null, pincode: null, uniqueID: 'BLR-13', ngoName: 'Blue Cross Unit' });

/** Phone width: the list shows cards. */
function onAPhone() {
  const matchMedia = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...matchMedia(query), matches: query.includes('max-width') }));
}

describe('CaseDashboard deletes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers a Founder Undo right after a delete, which brings the case back in one tap', async () => {
    let deleted = false;
    const fetchMock = stubFetch({
      'POST /api/case/getCaseByType': () => ({ body: buildCaseList(deleted ? [RAVI] : [RAVI, ANITA]) }),
      'POST /api/case/deleteCase': () => {
        deleted = true;
        return { body: { data: null } };
      },
      'POST /api/case/restoreCase': () => {
        deleted = false;
        return { body: { data: buildCase() } };
      },
    });
    const { user } = renderWithProviders(<CaseDashboard me={FOUNDER} />, { route: '/dashboard' });

    await user.click(await screen.findByRole('button', { name: 'Delete case #12' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm delete case' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Anita Desai')).toBeNull());

    const undo = await screen.findByRole('button', { name: 'Undo: restore case #12' });
    expect(undo.textContent).toBe('Undo');
    const toast = undo.closest('[role="alert"]');
    expect(toast?.textContent).toContain('Case deleted');
    expect(toast?.textContent).toContain('Case #12 is now under Deleted cases.');

    await user.click(undo);
    expect(await screen.findByText('Case #12 restored')).toBeTruthy();
    expect(await screen.findByText('Anita Desai')).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/case/restoreCase'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ caseId: 12 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo: restore case #12' })).toBeNull());
  });

  it("shows the server's message when Undo is refused, and keeps the case deleted", async () => {
    let deleted = false;
    stubFetch({
      'POST /api/case/getCaseByType': () => ({ body: buildCaseList(deleted ? [] : [ANITA]) }),
      'POST /api/case/deleteCase': () => {
        deleted = true;
        return { body: { data: null } };
      },
      'POST /api/case/restoreCase': { status: 409, body: { message: 'Collar/tag number T-42 is already on open case #31.' } },
    });
    const { user } = renderWithProviders(<CaseDashboard me={FOUNDER} />, { route: '/dashboard' });

    await user.click(await screen.findByRole('button', { name: 'Delete case #12' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm delete case' })).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Undo: restore case #12' }));
    expect(await screen.findByText('Collar/tag number T-42 is already on open case #31.')).toBeTruthy();
    expect(screen.queryByText('Anita Desai')).toBeNull();
  });

  it('names a case without reporter or location by its number alone', async () => {
    stubFetch({ 'POST /api/case/getCaseByType': { body: buildCaseList([buildListItem({ id: 40, reporterName: null, location: null, landmark: null, pincode: null })]) } });
    const { user } = renderWithProviders(<CaseDashboard me={FOUNDER} />, { route: '/dashboard' });
    await user.click(await screen.findByRole('button', { name: 'Delete case #40' }));
    expect(within(await screen.findByRole('dialog', { name: 'Confirm delete case' })).getByText('Delete case #40?')).toBeTruthy();
  });

  it('leads an Admin or a Founder to the deleted cases, and not a Manager', async () => {
    stubFetch({ 'POST /api/case/getCaseByType': { body: buildCaseList([ANITA]) } });
    const founder = renderWithProviders(<CaseDashboard me={FOUNDER} />, { route: '/dashboard' });
    expect((await screen.findByRole('link', { name: 'Deleted cases' })).getAttribute('href')).toBe('/dashboard/deleted');
    founder.unmount();
    renderWithProviders(<CaseDashboard me={MANAGER} />, { route: '/dashboard' });
    await screen.findByText('Anita Desai');
    expect(screen.queryByRole('link', { name: 'Deleted cases' })).toBeNull();
  });

  it("shows an Admin each case's NGO, in the table and on a phone's cards", async () => {
    stubFetch({ 'POST /api/case/getCaseByType': { body: buildCaseList([RAVI, ANITA]) } });
    const desk = renderWithProviders(<CaseDashboard me={ADMIN} />, { route: '/dashboard' });
    const row = (await screen.findByText('Ravi Kumar')).closest('tr');
    if (!row) throw new Error('no row');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent).at(-1)).toBe('NGO');
    expect(within(row).getByText('Blue Cross Unit')).toBeTruthy();
    expect(within(row).getByText('BLR-13')).toBeTruthy();
    expect(within(row).getByText('OPD')).toBeTruthy();
    desk.unmount();

    onAPhone();
    renderWithProviders(<CaseDashboard me={ADMIN} />, { route: '/dashboard' });
    const card = await screen.findByRole('listitem', { name: 'Case #13' });
    expect([...card.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Reported', 'Animal ID', 'Location', 'Created By', 'NGO']);
    for (const text of ['Ravi Kumar', 'OPD', '20/11/2026', 'BLR-13', 'Indiranagar', 'Blue Cross Unit']) {
      expect(within(card).getByText(text)).toBeTruthy();
    }
    expect(within(screen.getByRole('listitem', { name: 'Case #12' })).getByText('Cauvery Emporium · 560001')).toBeTruthy();
  });

  it('shows no NGO column to anyone but an Admin', async () => {
    stubFetch({ 'POST /api/case/getCaseByType': { body: buildCaseList([ANITA]) } });
    renderWithProviders(<CaseDashboard me={FOUNDER} />, { route: '/dashboard' });
    await screen.findByText('Anita Desai');
    expect(screen.queryByRole('columnheader', { name: 'NGO' })).toBeNull();
  });
});
