import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { i18n } from '../../lib/i18n/i18n';
import { messages as en } from '../../lib/i18n/catalogues/en';
import { messages as hi } from '../../lib/i18n/catalogues/hi';
import { setAppOutbox } from '../../lib/offline/app-outbox';
import { outboxWithARefusedSave } from '../../../test/outbox';
import { OutboxStatus } from './outbox-status';

describe('OutboxStatus', () => {
  afterEach(() => {
    setAppOutbox(null);
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('says a change was not saved while later ones wait behind it, and which one waits for it', async () => {
    setAppOutbox(await outboxWithARefusedSave());
    renderWithProviders(<OutboxStatus />);
    const status = screen.getByTestId('outbox-status');
    expect(status.textContent).toBe('1 change not saved, 1 waiting');
    expect(status.getAttribute('data-tone')).toBe('failed');
    fireEvent.click(status);
    expect(await screen.findByText('Not saved: Release needs a reason')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByText('Waits until the change not saved above is retried or discarded.')).toBeTruthy();
  });

  it('says it in Hindi', async () => {
    setAppOutbox(await outboxWithARefusedSave());
    act(() => i18n.loadAndActivate({ locale: 'hi', messages: hi }));
    renderWithProviders(<OutboxStatus />);
    expect(screen.getByTestId('outbox-status').textContent).toBe('1 बदलाव सेव नहीं हुआ, 1 भेजना बाकी');
  });
});
