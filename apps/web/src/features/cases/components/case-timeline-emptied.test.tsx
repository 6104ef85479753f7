import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { TimelineEntry } from '@rescuedesk/shared';
import { stubFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import CaseTimeline from './case-timeline';

const base = { at: '2026-11-22T04:30:00.000Z', madeAt: null, actorId: 3, actorName: 'Manoj Manager', actorRole: 'Manager' };

/** A case whose reporter an erasure request emptied: the saves' reporter values are null and stamped. */
const ENTRIES: TimelineEntry[] = [
  { ...base, id: 5, action: 'emptyReporter', fields: ['reporterName', 'reporterContact'], changes: [], emptied: { by: 'erasure', ref: '7' } },
  {
    ...base,
    id: 4,
    action: 'updateReportingDetail',
    fields: ['reporterContact', 'landmark'],
    changes: [
      { field: 'reporterContact', from: null, to: null },
      { field: 'landmark', from: null, to: 'Metro' },
    ],
    emptied: { by: 'retention', ref: '2027-12-01' },
  },
  { ...base, id: 3, action: 'updateReportingDetail', fields: ['reporterName'], changes: [{ field: 'reporterName', from: null, to: null }], emptied: { by: 'earlier', ref: '2026-10-01T06:00:00.000Z' } },
];

function stub() {
  stubFetch({
    'POST /api/case/getCaseTimeline': { body: { data: ENTRIES, meta: { total: 3, page: 1, pageSize: 20 } } },
    'POST /api/case/getCaseStaff': { body: { data: [] } },
  });
}

describe('CaseTimeline after retention or an erasure', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it("says the reporter's values were emptied and why, and keeps the other fields' values", async () => {
    stub();
    renderWithProviders(<CaseTimeline caseId={12} ngoId={2} version="v1" />);

    expect(await screen.findByText("Reporter's details emptied", {}, { timeout: 8_000 })).toBeTruthy();
    expect(screen.getByText('Emptied under erasure request #7')).toBeTruthy();
    expect(screen.getByText('Emptied under the retention period (run of 01/12/2027)')).toBeTruthy();
    expect(screen.getByText('Phone Number: emptied')).toBeTruthy();
    expect(screen.getByText('Landmark: (empty) → Metro')).toBeTruthy();
    // Emptied before the case history recorded why: when, and that it was one or the other.
    expect(screen.getByText(/^Emptied on .+, by the retention period or an erasure request \(which one was not recorded then\)$/)).toBeTruthy();
    expect(screen.getByText('Reporter Name: emptied')).toBeTruthy();
  });

  it('says it in Hindi', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stub();
    renderWithProviders(<CaseTimeline caseId={12} ngoId={2} version="v1" />);

    expect(await screen.findByText('रिपोर्टर का विवरण मिटाया गया', {}, { timeout: 8_000 })).toBeTruthy();
    expect(screen.getByText('मिटाने के अनुरोध #7 पर मिटाया गया')).toBeTruthy();
  });
});
