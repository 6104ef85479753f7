import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Me } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../test/render';
import { i18n } from '../../lib/i18n/i18n';
import { messages as en } from '../../lib/i18n/catalogues/en';
import { messages as hi } from '../../lib/i18n/catalogues/hi';
import { ShellLayout } from './shell-layout';

const ME: Me = {
  id: 7,
  role: 'Worker',
  ngoId: 3,
  name: 'Wasim Worker',
  username: 'worker',
  email: 'worker@example.org',
  profileImage: null,
  ngoName: 'Green Paws Trust',
  language: 'en',
};

/** The phone layout: useNarrowScreen's media query matches. */
function onAPhone() {
  const matchMedia = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...matchMedia(query), matches: query.includes('max-width') }));
}

function renderShell() {
  return renderWithProviders(
    <ShellLayout me={ME} onLogout={vi.fn()} loggingOut={false} languageSwitch={<p>Language switch</p>}>
      <p>The page</p>
    </ShellLayout>,
    { route: '/dashboard' },
  );
}

describe('ShellLayout', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('offers "Skip to content" as the first stop, which moves the focus into the page', async () => {
    const { user } = renderShell();

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);

    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(within(screen.getByRole('main')).getByText('The page')).toBeTruthy();
  });

  it('has one banner and names every button of its top bar', () => {
    renderShell();

    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Colour mode' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });

  it('on a phone opens the menu from a named burger, with the language switch in the drawer', async () => {
    onAPhone();
    const { user } = renderShell();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(within(drawer).getByText('Language switch')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toBeTruthy();
    // The drawer's header is no second banner.
    expect(screen.getAllByRole('banner')).toHaveLength(1);
  });

  it('reads in Hindi', () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    renderShell();

    expect(screen.getByRole('link', { name: 'मुख्य हिस्से पर जाएँ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'लॉग आउट' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'थीम' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'मुख्य मेन्यू' })).toBeTruthy();
    expect(screen.getByText('कार्यकर्ता · Green Paws Trust')).toBeTruthy();
  });
});
