import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { i18n } from '../../../../lib/i18n/i18n';
import { messages as en } from '../../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../../lib/i18n/catalogues/hi';
import { buildCase } from '../../test/case-factory';
import { actionBar, findStep, renderCasePage, writesOf } from '../../test/render-case-page';
import { stubDocumentFonts } from '../../test/stub-document-fonts';

// Leaflet draws nothing in jsdom: the preview is its own module, stood in for here.
vi.mock('./map-preview', () => ({ default: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

const panel = () => screen.getByRole('tabpanel');
const field = (label: string) => within(panel()).getByLabelText<HTMLInputElement>(new RegExp(`^${label}`));

function stubGeolocation(outcome: { coords: { latitude: number; longitude: number; accuracy: number } } | { code: number }) {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure: PositionErrorCallback, options?: PositionOptions) => {
    void options;
    if ('coords' in outcome) success(outcome as unknown as GeolocationPosition);
    else failure({ ...outcome, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: '' } as GeolocationPositionError);
  });
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { geolocation: { getCurrentPosition } }));
  return getCurrentPosition;
}

describe('the ABC capture in the reporter step', () => {
  beforeAll(stubDocumentFonts);
  afterEach(() => {
    act(() => onlineManager.setOnline(true));
    vi.unstubAllGlobals();
    vi.useRealTimers();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('takes the point in one tap with high accuracy, shows its accuracy, stamps the moment and saves only the capture without a reporter', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 20, 6, 40));
    const locate = stubGeolocation({ coords: { latitude: 12.97160012345, longitude: 77.5946, accuracy: 12.34 } });
    const { user, fetchMock } = renderCasePage({
      replies: {
        'POST /api/case/getCaseStaff': { body: { data: [{ id: 5, name: 'Suresh Kumar', active: true }, { id: 9, name: 'Old Hand', active: false }] } },
        'POST /api/case/updateReportingDetail': { body: { data: buildCase() } },
      },
    });

    await findStep();
    await user.click(await within(panel()).findByRole('button', { name: 'Use my location' }, { timeout: 15_000 }));

    expect(locate.mock.calls[0]?.[2]).toMatchObject({ enableHighAccuracy: true, timeout: 20_000 });
    expect(field('Capture Latitude').value).toBe('12.9716001');
    expect(field('Capture Longitude').value).toBe('77.5946');
    expect(within(panel()).getByText('Accuracy ±12.3 m · From: Phone location')).toBeTruthy();
    expect(field('Capture Date').value).toBe('20/11/2026');
    expect(field('Capture Time').value).toBe('06:40');
    expect(await within(panel()).findByRole('img', { name: 'Map of the capture point' }, { timeout: 15_000 })).toBeTruthy();

    await user.click(within(panel()).getAllByLabelText(/^Catching Squad/).find((element) => element instanceof HTMLInputElement && element.type !== 'hidden') ?? panel());
    await user.click(await screen.findByRole('option', { name: 'Suresh Kumar' }));
    expect(screen.getByRole('option', { name: 'Old Hand (former staff)' })).toBeTruthy();
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(writesOf(fetchMock)).toHaveLength(1));
    expect(screen.queryByText('Please fill Required Details')).toBeNull();
    expect(writesOf(fetchMock)[0]?.body).toEqual({
      caseId: 12,
      captureLatitude: 12.9716001,
      captureLongitude: 77.5946,
      captureAccuracy: 12.3,
      captureSource: 'device',
      captureDate: '2026-11-20',
      captureTime: '06:40',
      catchingSquad: [5],
    });
  });

  it("says why the phone gave no location, and typing a coordinate marks the point as typed in", async () => {
    stubGeolocation({ code: 1 });
    const { user } = renderCasePage();

    await findStep();
    await user.click(await within(panel()).findByRole('button', { name: 'Use my location' }, { timeout: 15_000 }));
    expect(within(panel()).getByText('Location permission was refused. Allow it in the browser, or type the coordinates.')).toBeTruthy();
    await user.type(field('Capture Latitude'), '12.5');
    expect(within(panel()).getByText('From: Typed in')).toBeTruthy();
  });

  it('flags a fix worse than 100 m to the worker, and not a better one', async () => {
    stubGeolocation({ coords: { latitude: 12.9716, longitude: 77.5946, accuracy: 240 } });
    const { user } = renderCasePage();

    await findStep();
    await user.click(await within(panel()).findByRole('button', { name: 'Use my location' }, { timeout: 15_000 }));
    expect(within(panel()).getByText('A fix accurate only to ±240 m (worse than 100 m): wait for a better one in the open, or check the point on the map')).toBeTruthy();
    await user.clear(field('Capture Accuracy'));
    await user.type(field('Capture Accuracy'), '35');
    expect(within(panel()).queryByText(/A fix accurate only to/)).toBeNull();
  });

  it('needs the reporter’s required fields once a reporter field is edited beside the capture', async () => {
    stubGeolocation({ coords: { latitude: 12.97, longitude: 77.59, accuracy: 8 } });
    const { user, fetchMock } = renderCasePage();

    await findStep();
    await user.click(await within(panel()).findByRole('button', { name: 'Use my location' }, { timeout: 15_000 }));
    await user.type(field('Landmark'), 'Temple gate');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Please fill Required Details')).toBeTruthy();
    expect(writesOf(fetchMock)).toEqual([]);
  });

  it('keeps an OPD case as short as before: one button shows the ABC fields', async () => {
    const { user } = renderCasePage({ record: buildCase({ type: 'OPD' }) });

    await findStep();
    const show = await within(panel()).findByRole('button', { name: 'Show ABC fields' }, { timeout: 15_000 });
    expect(within(panel()).queryByRole('button', { name: 'Use my location' })).toBeNull();
    await user.click(show);
    expect(within(panel()).getByRole('button', { name: 'Use my location' })).toBeTruthy();
  });

  it('reads in Hindi', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    renderCasePage();

    await findStep();
    expect(await within(panel()).findByRole('button', { name: 'मेरी जगह लें' }, { timeout: 15_000 })).toBeTruthy();
    expect(within(panel()).getByRole('button', { name: 'फ़ोटो से जगह लें' })).toBeTruthy();
    expect(within(panel()).getByText('ABC: कहाँ, कब और किसने पकड़ा')).toBeTruthy();
  });

  it("offers the NGO's staff for the squad on a new case, before its first save, and sends the squad with that save", async () => {
    const { user, fetchMock } = renderCasePage({
      // The case route gives a new case the signed-in user's NGO.
      draft: { type: 'Sterilization', status: 'Reported', mortality: 'Healthy', ngoId: 2 },
      replies: {
        'POST /api/case/getDirectoryChoices': { body: { data: { vets: [], staff: [{ id: 5, name: 'Suresh Kumar', active: true }], reporters: [] } } },
        'POST /api/case/createCase': { body: { data: { id: 31, ngoId: 2 } } },
        'POST /api/case/updateReportingDetail': { body: { data: buildCase({ id: 31 }) } },
      },
    });
    await findStep();
    const squad = await waitFor(
      () => {
        const input = within(panel()).getAllByLabelText(/^Catching Squad/).find((element): element is HTMLInputElement => element instanceof HTMLInputElement && element.type !== 'hidden');
        if (!input) throw new Error('no squad field yet');
        return input;
      },
      { timeout: 15_000 },
    );
    expect(squad.disabled).toBe(false);
    expect(within(panel()).queryByText('The squad can be chosen once the case is saved.')).toBeNull();
    await user.click(squad);
    await user.click(await screen.findByRole('option', { name: 'Suresh Kumar' }, { timeout: 15_000 }));
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(writesOf(fetchMock).map(({ path }) => path)).toEqual(['/case/createCase', '/case/updateReportingDetail']), { timeout: 15_000 });
    expect(writesOf(fetchMock)[1]?.body).toMatchObject({ caseId: 31, catchingSquad: [5] });
  });

  it('shows the squad offline, its staff never loaded on this device, as staff members with a note saying why, never by number', async () => {
    const { queryClient } = renderCasePage({
      record: buildCase({ type: 'Sterilization', reportingDetail: { ...buildCase().reportingDetail, catchingSquad: [5, 44] } }),
      replies: { 'POST /api/case/getCaseStaff': { body: { data: [{ id: 5, name: 'Suresh Kumar', active: true }, { id: 44, name: 'Ravi Worker', active: true }] } } },
    });
    await findStep();
    // The case kept on this device, its staff not (asked again offline, the load waits for the network).
    act(() => onlineManager.setOnline(false));
    await act(() => queryClient.resetQueries({ queryKey: ['cases', 'staff', 12] }));

    // The chosen members, as the field shows them (the list of options holds them too).
    const chosen = (name: string) => within(panel()).queryAllByText(name).filter((element) => element.closest('[role="option"]') === null);
    await waitFor(() => expect(chosen('Staff member')).toHaveLength(2), { timeout: 15_000 });
    expect(chosen('Suresh Kumar')).toHaveLength(0);
    expect(within(panel()).getByText('Some names are not on this device: they show when the network is back.')).toBeTruthy();
    expect(chosen('5')).toHaveLength(0);
    expect(chosen('44')).toHaveLength(0);
  });

  it('names a chosen member missing from the staff list as a staff member, not by number', async () => {
    renderCasePage({
      record: buildCase({ type: 'Sterilization', reportingDetail: { ...buildCase().reportingDetail, catchingSquad: [5, 44] } }),
      replies: { 'POST /api/case/getCaseStaff': { body: { data: [{ id: 5, name: 'Suresh Kumar', active: true }] } } },
    });

    await findStep();
    const chosen = (name: string) => within(panel()).queryAllByText(name).filter((element) => element.closest('[role="option"]') === null);
    await waitFor(() => expect(chosen('Suresh Kumar')).toHaveLength(1), { timeout: 15_000 });
    expect(chosen('Staff member')).toHaveLength(1);
    expect(chosen('44')).toHaveLength(0);
    expect(within(panel()).queryByText('Some names are not on this device: they show when the network is back.')).toBeNull();
  });
});
