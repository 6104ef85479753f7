import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Breach, Me } from '@rescuedesk/shared';
import { stubFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { BreachesPage } from './breaches-page';

const FOUNDER = { id: 3, role: 'Founder', ngoId: 2, name: 'Farah Founder' } as Me;
const HOUR_MS = 3_600_000;

function breach(discoveredAgoMs: number): Breach {
  const discovered = Date.now() - discoveredAgoMs;
  return {
    id: 5,
    ngoId: 2,
    discoveredAt: new Date(discovered).toISOString(),
    reportDueAt: new Date(discovered + 72 * HOUR_MS).toISOString(),
    whatHappened: 'A phone was lost',
    dataAffected: 'Phone numbers',
    peopleAffected: 'Reporters',
    peopleCount: 40,
    reportedAt: null,
    notices: { board: { en: 'To the Data Protection Board of India.', hi: 'भारत के डेटा संरक्षण बोर्ड को।' }, people: { en: 'Dear reporter,', hi: 'प्रिय रिपोर्टर,' } },
  };
}

describe('BreachesPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows a breach's report to the Board counting down, both notices in both languages, and marks it told", async () => {
    const fetchMock = stubFetch({
      'POST /api/privacy/getBreaches': { body: { data: [breach(2 * HOUR_MS)] } },
      'POST /api/privacy/markBreachReported': { body: { data: { ...breach(2 * HOUR_MS), reportedAt: new Date().toISOString() } } },
    });
    const { user } = renderWithProviders(<BreachesPage me={FOUNDER} />, { route: '/privacy/breaches' });

    expect((await screen.findByRole('timer')).textContent).toMatch(/^(69|70) h \d+ min left$/);
    expect((screen.getByRole('textbox', { name: 'Notice to the Data Protection Board (English)' }) as HTMLTextAreaElement).value).toBe('To the Data Protection Board of India.');
    expect((screen.getByRole('textbox', { name: 'Notice to the people affected (हिन्दी)' }) as HTMLTextAreaElement).value).toBe('प्रिय रिपोर्टर,');

    await user.click(screen.getByRole('button', { name: 'The Board was told' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/markBreachReported'))).toBe(true));
  });
});
