import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { IntakeReport } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { IntakeList } from './intake-list';

const REPORT: IntakeReport = {
  id: 7,
  ngoId: 2,
  code: 'K7M2QX9P',
  status: 'new',
  createdAt: '2026-11-29T04:30:00.000Z',
  latitude: 12.9716,
  longitude: 77.5946,
  accuracy: 12,
  address: 'MG Road',
  pincode: '560099',
  outsideArea: true,
  distanceM: 2400,
  animalType: 'Dog',
  condition: 'injured',
  description: '<script>alert(1)</script>',
  reporterName: 'Meena Rao',
  reporterPhone: '98450 11111',
  photos: [],
  declineReason: null,
  caseId: null,
  merged: false,
  notices: { channel: 'sms', stoppedAt: null, list: [{ milestone: 'received', channel: 'sms', status: 'sent', attempts: 1, sentAt: '2026-11-29T04:31:00.000Z', createdAt: '2026-11-29T04:30:00.000Z' }] },
  additions: [
    { id: 1, at: '2026-11-29T05:00:00.000Z', comment: 'Now near the temple <img src=x onerror=alert(1)>', photo: null },
    { id: 2, at: '2026-11-29T05:05:00.000Z', comment: null, photo: '3f1c2a9e-1111-4222-8333-944445555666.webp' },
  ],
};

describe('IntakeList', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('shows a report in Hindi with its marks, and declines it with the reason typed', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    const fetchMock = stubFetch({
      'POST /api/intake/getReports': { body: { data: [REPORT], meta: { total: 1, page: 1, pageSize: 30 } } },
      'POST /api/intake/declineReport': { body: { data: { ...REPORT, status: 'declined', declineReason: 'Not found' } } },
    });
    renderWithProviders(<IntakeList />);
    const card = await screen.findByRole('article', { name: /K7M2QX9P/ });
    expect(within(card).getByText('हमारे क्षेत्र से बाहर')).toBeTruthy();
    expect(within(card).getByText('संस्था से 2.4 किमी')).toBeTruthy();
    // What a citizen typed is shown as text.
    expect(within(card).getByText('<script>alert(1)</script>')).toBeTruthy();
    // What the reporter added later: the comment as text, the photo as a picture.
    const added = within(card).getByRole('region', { name: 'रिपोर्ट करने वाले ने बाद में जोड़ा' });
    expect(within(added).getByText('Now near the temple <img src=x onerror=alert(1)>')).toBeTruthy();
    expect(added.querySelectorAll('img[src*="onerror"]').length).toBe(0);
    expect(within(added).getByRole('img', { name: 'फ़ोटो जोड़ी गई' })).toBeTruthy();
    // The messages the reporter was sent, and when.
    const notices = within(card).getByRole('region', { name: 'रिपोर्ट करने वाले को संदेश' });
    expect(within(notices).getByText(/मिली · SMS · भेजा गया/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'अस्वीकार करें' }));
    fireEvent.change(within(card).getByLabelText('कारण'), { target: { value: 'Not found' } });
    fireEvent.click(within(card).getByRole('button', { name: 'अस्वीकार करें' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/intake/declineReport'))).toBe(true));
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/intake/declineReport'))!;
    expect(JSON.parse(String(sent[1]?.body))).toEqual({ reportId: 7, reason: 'Not found' });
  });

  it('says a merged report was merged into its case, and an accepted one opens its case', async () => {
    stubFetch({
      'POST /api/intake/getReports': {
        body: {
          data: [
            { ...REPORT, id: 8, code: 'MERGED22', status: 'accepted', caseId: 40, merged: true, additions: [] },
            { ...REPORT, id: 9, code: 'ACCEPT33', status: 'accepted', caseId: 41, merged: false, additions: [] },
          ],
          meta: { total: 2, page: 1, pageSize: 30 },
        },
      },
    });
    renderWithProviders(<IntakeList />);
    const merged = await screen.findByRole('article', { name: /MERGED22/ });
    expect(within(merged).getByRole('link', { name: 'Merged into case #40' })).toBeTruthy();
    const accepted = screen.getByRole('article', { name: /ACCEPT33/ });
    expect(within(accepted).getByRole('link', { name: 'Open case #41' })).toBeTruthy();
  });
});
