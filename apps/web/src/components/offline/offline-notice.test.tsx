import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { renderWithProviders } from '../../../test/render';
import { i18n } from '../../lib/i18n/i18n';
import { messages as en } from '../../lib/i18n/catalogues/en';
import { messages as hi } from '../../lib/i18n/catalogues/hi';
import { noteDataKept } from '../../lib/offline/offline-ready';
import { NetworkStatus } from './network-status';
import { OfflineNotice } from './offline-notice';
import { OutboxStatus } from './outbox-status';

// Today at 10:42 (a time of another day would be shown with its date).
const TODAY = new Date();
const SYNCED_AT = new Date(TODAY.getFullYear(), TODAY.getMonth(), TODAY.getDate(), 10, 42).getTime();

/** A screen that shows one case, kept since SYNCED_AT (or nothing kept), beside the notice. */
function Screen() {
  useQuery({ queryKey: ['cases', 'detail', 1], queryFn: () => new Promise(() => {}) });
  return (
    <>
      <NetworkStatus />
      <OfflineNotice />
    </>
  );
}

function renderScreen({ kept }: { kept: boolean }) {
  const view = renderWithProviders(<Screen />);
  if (kept) act(() => void view.queryClient.setQueryData(['cases', 'detail', 1], { id: 1 }, { updatedAt: SYNCED_AT }));
  return view;
}

describe('OfflineNotice and NetworkStatus', () => {
  afterEach(() => {
    act(() => onlineManager.setOnline(true));
    act(() => noteDataKept(false));
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('says Online and nothing more while there is a network, once the screen is kept on the device', () => {
    renderScreen({ kept: true });
    act(() => noteDataKept(true));
    expect(screen.getByRole('status').textContent).toBe('Online');
  });

  it('says it is getting ready for offline use until the screen is kept on the device, in both languages', () => {
    renderScreen({ kept: true });
    expect(screen.getByRole('status').textContent).toBe('Getting ready for offline use…');
    act(() => i18n.loadAndActivate({ locale: 'hi', messages: hi }));
    expect(screen.getByText('ऑफ़लाइन इस्तेमाल के लिए तैयार हो रहा है…')).toBeTruthy();
    act(() => noteDataKept(true));
    expect(screen.getByRole('status').textContent).toBe('ऑनलाइन');
  });

  it('says when what the page shows was last synced once the network goes', () => {
    renderScreen({ kept: true });
    act(() => onlineManager.setOnline(false));
    expect(screen.getByText('Offline', { exact: true })).toBeTruthy();
    expect(screen.getByText(/^Offline · last synced 10:42/i)).toBeTruthy();
  });

  it('says the page was not kept for reading offline when it has nothing to show', () => {
    renderScreen({ kept: false });
    act(() => onlineManager.setOnline(false));
    expect(screen.getByText('Offline · this page was not saved for reading offline')).toBeTruthy();
  });

  it('speaks Hindi', () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    renderScreen({ kept: true });
    act(() => onlineManager.setOnline(false));
    expect(screen.getByText('ऑफ़लाइन', { exact: true })).toBeTruthy();
    expect(screen.getByText(/^ऑफ़लाइन · आख़िरी बार सिंक .*10:42.* पर$/)).toBeTruthy();
  });

  it("on a phone, says with the outbox's icon that it is getting ready for offline use, and in words when tapped", async () => {
    renderWithProviders(<OutboxStatus compact />);
    expect(screen.getByRole('status').textContent).toBe('Getting ready for offline use…');
    fireEvent.click(screen.getByRole('button', { name: 'All changes saved' }));
    expect(await screen.findByText('Getting ready for offline use…', { ignore: '[role=status]' })).toBeTruthy();
    act(() => noteDataKept(true));
    expect(screen.getAllByRole('status')[0]?.textContent).toBe('Online');
    expect(screen.queryByText('Getting ready for offline use…')).toBeNull();
  });
});
