import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Complaint, ComplaintRegister, Me } from '@rescuedesk/shared';
import { stubFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { ComplaintRegisterPage } from './complaint-register-page';

const MANAGER = { id: 3, name: 'Manoj Manager', role: 'Manager', ngoId: 2 } as Me;

const CALL: Complaint = {
  source: 'phone', reportId: null, code: null, caseId: 41, ngoId: 2,
  receivedAt: '2026-10-05T04:00:00.000Z', answeredAt: '2026-10-05T04:00:00.000Z', pickedUpOn: '2026-10-05', pickedUpAt: '2026-10-05T05:30:00.000Z',
  outcome: 'pickedUp', declineReason: null, animal: 'Dog', condition: 'Hit by a car', place: 'MG Road', pincode: '560001', reporterName: 'Caller Chitra',
  minutesToAnswer: 0, minutesToPickup: 90,
};
const DECLINED: Complaint = {
  ...CALL, source: 'public', reportId: 7, code: 'RG222222', caseId: null, receivedAt: '2026-10-07T06:00:00.000Z', answeredAt: '2026-10-07T06:05:00.000Z',
  pickedUpOn: null, pickedUpAt: null, outcome: 'declined', declineReason: 'A cat on a tree', condition: 'Other', minutesToAnswer: 5, minutesToPickup: null,
};
const OCTOBER: ComplaintRegister = {
  month: '2026-10',
  rows: [CALL, DECLINED],
  summary: { total: 2, public: 1, phone: 1, answered: 2, declined: 1, pickedUp: 1, pickup: { month: '2026-10', timed: 1, medianMinutes: 90, p90Minutes: 90 } },
};

describe('ComplaintRegisterPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it("asks for the month and filters in the address, and shows each complaint with its outcome and times", async () => {
    const fetchMock = stubFetch({ 'POST /api/report/getComplaintRegister': { body: { data: OCTOBER } } });
    renderWithProviders(<ComplaintRegisterPage me={MANAGER} />, { route: '/report/complaints?month=2026-10&source=phone&outcome=nonsense' });

    expect(await screen.findByText('Report to pickup: median 1 h 30 min, 90th percentile 1 h 30 min (1 pickup with a recorded time).')).toBeTruthy();
    const [, init] = fetchMock.mock.calls[0]!;
    // An outcome the register does not know is left out, not sent.
    expect(JSON.parse(String(init?.body))).toEqual({ month: '2026-10', source: 'phone' });
    // On a phone, a card per complaint.
    const call = screen.getByRole('article', { name: /^1\. Phone call/ });
    expect(within(call).getByText('Picked up')).toBeTruthy();
    expect(within(call).getByText('Caller Chitra')).toBeTruthy();
    expect(within(call).getByRole('link', { name: 'Case #41' }).getAttribute('href')).toBe('/dashboard/case?id=41');
    const declined = screen.getByRole('article', { name: /^2\. Public page/ });
    expect(within(declined).getByText('A cat on a tree')).toBeTruthy();
    expect(within(declined).getByText(/Public page · RG222222/)).toBeTruthy();
  });

  it('says when a month has no complaint, and is in Hindi', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({ 'POST /api/report/getComplaintRegister': { body: { data: { ...OCTOBER, rows: [], summary: { ...OCTOBER.summary, total: 0, pickup: { month: '2026-10', timed: 0, medianMinutes: null, p90Minutes: null } } } } } });
    renderWithProviders(<ComplaintRegisterPage me={{ ...MANAGER, role: 'Worker' }} />, { route: '/report/complaints?month=2026-10' });
    expect(await screen.findByText('इस महीने कोई शिकायत नहीं।')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('रिपोर्ट से उठाने तक: अभी दर्ज समय वाला कोई मामला नहीं।')).toBeTruthy());
    // Names and places are not sent to a role that may not see personal data; the page says so.
    expect(screen.getByText('नाम और जगह केवल उन भूमिकाओं को दिखते हैं जो निजी जानकारी देख सकती हैं।')).toBeTruthy();
  });
});
