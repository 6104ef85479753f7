import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { stubFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { setAppOutbox } from '../../../lib/offline/app-outbox';
import { memoryOutbox } from '../../../lib/offline/outbox-store';
import { CaseOutbox as Outbox } from '../../cases/offline/case-outbox';
import { buildCase, SAVED_REPORTING } from '../../cases/test/case-factory';
import { manager } from '../test/report-fixtures';
import { CaseSheet, CaseSheetView } from './case-sheet';

const STORED = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d.jpg';
const ID_CARD = '1a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d.jpg';

describe('the case sheet', () => {
  it('prints every step that holds data, the release check, the post-op log and photo thumbnails, but no identity document', () => {
    const record = buildCase({
      status: 'Released',
      reportingDetail: { ...SAVED_REPORTING, catchingSquad: [31], wardZone: 'Ward 5', captureDate: '2026-03-03', verificationIdFrontImage: ID_CARD },
      animalDetail: { ...buildCase().animalDetail, animalGender: 'Female', animalPictures: [STORED], earNotch: 'Left' },
      releaseDistanceM: 620,
      releaseFlagged: true,
      postOpDays: [{ id: 1, caseId: 12, dayNumber: 1, logDate: '2026-03-05', woundState: 'Clean', appetite: 'Good', temperature: 38.6, medication: 'Meloxicam', notes: null, photos: [], createdBy: 7, createdByName: 'Wasim', createdAt: '2026-03-05T10:00:00.000Z', updatedAt: '2026-03-05T10:00:00.000Z' }],
    });
    renderWithProviders(<CaseSheetView record={record} staff={[{ id: 31, name: 'Ravi Worker', active: true }]} me={manager()} />);
    expect(screen.getByRole('heading', { name: 'Reporter Details' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Animal Details' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Operation Details' })).toBeNull();
    expect(screen.getByText('Ravi Worker')).toBeTruthy();
    expect(screen.getByText('03/03/2026')).toBeTruthy();
    expect(screen.getByText("620 m from the capture point · Farther than the NGO's limit: flagged")).toBeTruthy();
    const log = screen.getByRole('table');
    expect(within(log).getByText('Meloxicam')).toBeTruthy();
    expect(screen.getByAltText('Animal Pictures, photo 1').getAttribute('src')).toBe(`/api/image/getImage/2/${STORED}?w=192`);
    expect(document.body.innerHTML).not.toContain(ID_CARD);
  });

});

/** The print route as the app has it: the case named in the address (a negative id is a case created offline). */
function PrintRoute() {
  const [params] = useSearchParams();
  return <CaseSheet caseId={Number(params.get('id'))} me={manager()} />;
}

/** An outbox holding the create of case -5, made offline (docs/decisions/012); `online` lets it send. */
async function outboxWithQueuedCreate() {
  let online = false;
  const outbox = new Outbox({
    storage: memoryOutbox(),
    send: async (entry) => {
      if (!online) throw new ApiError(0, 'offline');
      return entry.kind === 'createCase' ? { id: 99, ngoId: 2 } : { id: 99 };
    },
    readCase: async () => null,
    isOnline: () => online,
    idMap: (() => {
      const ids = new Map<string, string>();
      return { getItem: (k: string) => ids.get(k) ?? null, setItem: (k: string, v: string) => void ids.set(k, v) };
    })(),
  });
  await outbox.start(7);
  await outbox.submit({ key: 'c', kind: 'createCase', path: '/case/createCase', body: { type: 'OPD' }, caseId: -5, tempId: -5 });
  setAppOutbox(outbox);
  return { outbox, goOnline: () => (online = true) };
}

describe('the case sheet offline', () => {
  afterEach(() => {
    act(() => onlineManager.setOnline(true));
    setAppOutbox(null);
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('prints no temporary number for a case created offline, and shows the sheet by itself once the server has the case', async () => {
    const { outbox, goOnline } = await outboxWithQueuedCreate();
    stubFetch({
      'POST /api/case/getCaseById': { body: { data: buildCase({ id: 99, reportingDetail: SAVED_REPORTING }) } },
      'POST /api/case/getCaseStaff': { body: { data: [] } },
    });
    const { router } = renderWithProviders(<PrintRoute />, { route: '/dashboard/case/print?id=-5' });

    expect(screen.getByText('This case is kept on this device and has not been sent yet, so it has no case number. Print the case sheet once it is sent.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the case' }).getAttribute('href')).toBe('/dashboard/case?id=-5');
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    expect(document.body.textContent).not.toContain('#-5');

    goOnline();
    await act(() => outbox.sync());
    expect(await screen.findByRole('heading', { name: 'Case #99', level: 1 })).toBeTruthy();
    expect(router.state.location.search).toBe('?id=99');
  });

  it('says a temporary id the device does not know is not found, once the queue on the device has been read', async () => {
    await outboxWithQueuedCreate();
    const fetchMock = stubFetch({});
    renderWithProviders(<PrintRoute />, { route: '/dashboard/case/print?id=-6' });

    expect(await screen.findByText('Case not found. It may have been deleted, or it belongs to another NGO.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the sheet needs the network, instead of spinning, when offline and the case was not kept on this device', () => {
    const fetchMock = stubFetch({});
    act(() => onlineManager.setOnline(false));
    renderWithProviders(<PrintRoute />, { route: '/dashboard/case/print?id=12' });

    expect(screen.getByText('The case sheet needs the network: this case was not kept on this device for reading offline. It opens by itself when the network is back.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('prints the copy kept on this device when offline, saying when it was last synced and that changes still waiting are not on it', () => {
    const synced = new Date(2026, 10, 24, 10, 42).getTime();
    renderWithProviders(<CaseSheetView record={buildCase({ reportingDetail: SAVED_REPORTING })} staff={[]} me={manager()} syncedAt={synced} waiting={2} />);

    expect(screen.getByTestId('case-sheet-from-device').textContent).toBe(
      'Printed offline, from the copy kept on this device (last synced 24 Nov 2026, 10:42 am). 2 changes to this case have not been sent yet, so they are not on this sheet.',
    );
    expect(screen.getByRole('heading', { name: 'Case #12', level: 1 })).toBeTruthy();
  });

  it('keeps showing the kept copy, not an error, when a refresh finds no network', async () => {
    stubFetch({ 'POST /api/case/getCaseById': new TypeError('Failed to fetch'), 'POST /api/case/getCaseStaff': new TypeError('Failed to fetch') });
    const { queryClient } = renderWithProviders(<PrintRoute />, { route: '/dashboard/case/print?id=12' });
    // Nothing kept yet: the failed load is an error.
    expect(await screen.findByText('The case could not be loaded.')).toBeTruthy();
    // A copy kept on the device (as restored from IndexedDB), then a refresh that finds no network.
    act(() => void queryClient.setQueryData(['cases', 'detail', 12], buildCase({ reportingDetail: SAVED_REPORTING })));
    await act(() => queryClient.refetchQueries({ queryKey: ['cases', 'detail', 12] }));

    // The sheet is drawn as the kept copy arrives (a busy machine may take a moment).
    expect(await screen.findByRole('heading', { name: 'Case #12', level: 1 })).toBeTruthy();
    expect((await screen.findByTestId('case-sheet-from-device')).textContent).toMatch(/^Printed offline, from the copy kept on this device \(last synced /);
    expect(screen.queryByText('The case could not be loaded.')).toBeNull();
  });

  it('says a photo could not be loaded in its place instead of printing a broken image', () => {
    const record = buildCase({ animalDetail: { ...buildCase().animalDetail, animalPictures: [STORED] } });
    renderWithProviders(<CaseSheetView record={record} staff={[]} me={manager()} />);

    fireEvent.error(screen.getByAltText('Animal Pictures, photo 1'));
    const missing = screen.getByRole('img', { name: 'Animal Pictures, photo 1' });
    expect(missing.tagName).toBe('DIV');
    expect(missing.textContent).toBe('Photo could not be loaded');
  });

  it('says all of it in Hindi', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    await outboxWithQueuedCreate();
    const fetchMock = stubFetch({});
    renderWithProviders(<PrintRoute />, { route: '/dashboard/case/print?id=-5' });
    expect(screen.getByText('यह केस इसी डिवाइस पर रखा है और अभी भेजा नहीं गया, इसलिए इसका कोई केस नंबर नहीं है। केस भेजे जाने के बाद केस शीट प्रिंट करें।')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    renderWithProviders(<CaseSheetView record={buildCase()} staff={[]} me={manager()} syncedAt={Date.now()} waiting={1} />);
    expect(screen.getByTestId('case-sheet-from-device').textContent).toMatch(/^ऑफ़लाइन प्रिंट, इस डिवाइस पर रखी कॉपी से \(आख़िरी बार सिंक .+ पर\)। इस केस का 1 बदलाव अभी भेजा नहीं गया, इसलिए वह इस शीट में नहीं है।$/);
  });

  it('prints a squad member whose name is not on this device (its staff never loaded here) in words, in English and Hindi, never as a number', () => {
    const record = buildCase({ reportingDetail: { ...SAVED_REPORTING, catchingSquad: [31, 44] } });
    const staff = [{ id: 31, name: 'Ravi Worker', active: true }];
    const { unmount } = renderWithProviders(<CaseSheetView record={record} staff={staff} me={manager()} syncedAt={Date.now()} />);
    expect(screen.getByText('Ravi Worker, Staff member (name not on this device)')).toBeTruthy();
    expect(document.body.textContent).not.toContain('#44');
    unmount();

    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    renderWithProviders(<CaseSheetView record={record} staff={staff} me={manager()} syncedAt={Date.now()} />);
    expect(screen.getByText('Ravi Worker, स्टाफ़ सदस्य (नाम इस डिवाइस पर नहीं)')).toBeTruthy();
  });

  it('online, waits for the squad’s names before showing the sheet, so it never shows or prints a stand-in for them', async () => {
    const record = buildCase({ reportingDetail: { ...SAVED_REPORTING, catchingSquad: [31] } });
    let answerStaff = () => {};
    const staffAsked = new Promise<void>((resolve) => {
      answerStaff = resolve;
    });
    const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/api/case/getCaseById') return json({ data: record });
        if (path === '/api/case/getCaseStaff') return staffAsked.then(() => json({ data: [{ id: 31, name: 'Ravi Worker', active: true }] }));
        throw new Error(`Unexpected request: ${path}`);
      }),
    );
    const { queryClient } = renderWithProviders(<PrintRoute />, { route: '/dashboard/case/print?id=12' });

    await waitFor(() => expect(queryClient.getQueryData(['cases', 'detail', 12])).toBeTruthy());
    expect(screen.getByRole('status').textContent).toBe('Loading the case sheet');
    expect(screen.queryByText(/Staff member/)).toBeNull();

    answerStaff();
    expect(await screen.findByText('Ravi Worker')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Case #12', level: 1 })).toBeTruthy();
  });
});
