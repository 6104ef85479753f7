import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Me, ReportSigning } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { SigningPanel } from './signing-panel';

const COMMITTEE: Me = { id: 21, role: 'Committee', ngoId: 2, name: 'Dr Meera Rao', username: 'mrao', email: 'mrao@example.org', profileImage: null, ngoName: 'Green Paws Trust', language: 'en' };
const HASH = 'a'.repeat(64);

/** Version 1 of March, signed by the project's vet only; the figures unchanged since. */
const PARTLY: ReportSigning = {
  month: '2026-03',
  ngoId: 2,
  liveHash: HASH,
  pendingChanges: [],
  versions: [
    {
      id: '6f1c2d9e-0000-4000-8000-000000000001',
      version: 1,
      contentHash: HASH,
      createdAt: '2026-04-02T05:00:00.000Z',
      locked: false,
      changes: [],
      signatures: [{ slot: 'projectVet', name: 'Farah Founder', designation: '', signedAt: '2026-04-02T05:00:00.000Z', contentHash: HASH }],
    },
  ],
};

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: en });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SigningPanel', () => {
  it("offers a committee member the two officers' places, and signs the figures shown with their hash", async () => {
    const fetchMock = stubFetch({ 'POST /api/committee/getSigning': { body: { data: PARTLY } }, 'POST /api/committee/signReport': { body: { data: PARTLY } } });
    renderWithProviders(<SigningPanel me={COMMITTEE} month="2026-03" />);
    const panel = await screen.findByRole('region', { name: 'Signatures' });
    expect(await within(panel).findByText('Awaiting signatures')).toBeTruthy();
    expect(within(panel).getByText(/Farah Founder, Project veterinarian/)).toBeTruthy();
    expect(within(panel).getAllByRole('button').map((b) => b.textContent)).toEqual(['Sign as Municipal / junior veterinary officer', 'Sign as District Veterinary Officer']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Sign as District Veterinary Officer' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/committee/signReport'))).toBe(true));
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/committee/signReport'))!;
    expect(JSON.parse(String(sent[1]?.body))).toEqual({ month: '2026-03', slot: 'districtVet', contentHash: HASH });
  });

  it('lists, in Hindi, what changed since the signed version, which signing makes version 2', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    const changed: ReportSigning = { ...PARTLY, liveHash: 'b'.repeat(64), pendingChanges: [{ path: 'total/operatedTotal', before: 2, after: 3 }] };
    stubFetch({ 'POST /api/committee/getSigning': { body: { data: changed } } });
    renderWithProviders(<SigningPanel me={COMMITTEE} month="2026-03" />);
    const panel = await screen.findByRole('region', { name: 'हस्ताक्षर' });
    expect(await within(panel).findByText(/अभी हस्ताक्षर करने से इन बदलावों के साथ संस्करण 2 बनेगा/)).toBeTruthy();
    expect(within(panel).getByText('total/operatedTotal: 2 → 3')).toBeTruthy();
  });

  it('asks for the whole NGO when the report is filtered by ward, and asks nothing of the server', () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<SigningPanel me={COMMITTEE} month="2026-03" ward="Ward 5" />);
    expect(screen.getByText('The signed report is the whole NGO\'s month: clear the ward filter to sign.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
