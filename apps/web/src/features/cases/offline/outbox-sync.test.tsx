import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { outboxWithARefusedSave } from '../../../../test/outbox';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { setAppOutbox } from '../../../lib/offline/app-outbox';
import { UnsyncedCases } from './outbox-sync';

describe('UnsyncedCases on the case page', () => {
  afterEach(() => {
    setAppOutbox(null);
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('says a change to this case was not saved, why, and that another waits behind it, instead of counting both as waiting', async () => {
    setAppOutbox(await outboxWithARefusedSave());
    renderWithProviders(<UnsyncedCases />, { route: '/dashboard/case?id=12&step=2' });
    const marker = await screen.findByTestId('case-unsynced');
    expect(marker.textContent).toContain('1 change to this case was not saved, and 1 more waits behind it. Retry or discard it under “Changes on this device” in the top bar.');
    expect(marker.textContent).toContain('Not saved: Release needs a reason');
    // With nothing behind it, the sentence has no dangling part.
    expect(i18n._('offline.outbox.caseMarkerFailed', { failed: 1, waiting: 0 })).toBe('1 change to this case was not saved. Retry or discard it under “Changes on this device” in the top bar.');
  });

  it('says it in Hindi', async () => {
    setAppOutbox(await outboxWithARefusedSave());
    act(() => i18n.loadAndActivate({ locale: 'hi', messages: hi }));
    renderWithProviders(<UnsyncedCases />, { route: '/dashboard/case?id=12' });
    expect((await screen.findByTestId('case-unsynced')).textContent).toContain('इस केस का 1 बदलाव सेव नहीं हुआ, और 1 बदलाव उसके पीछे रुका है। ऊपर “इस डिवाइस पर बदलाव” में उसे फिर से भेजें या हटा दें।');
  });
});
