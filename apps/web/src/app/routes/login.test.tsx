import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';
import { i18n } from '../../lib/i18n/i18n';
import { messages as en } from '../../lib/i18n/catalogues/en';
import { messages as hi } from '../../lib/i18n/catalogues/hi';
import LoginRoute from './login';

describe('LoginRoute', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('shows the sign-in form with the language switch when the session probe answers null', async () => {
    stubFetch({ 'GET /api/auth/me': { body: { data: null } } });
    renderWithProviders(<LoginRoute />);

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'RescueDesk', level: 1 })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Language' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(document.title).toBe('Sign in · RescueDesk');
  });

  it('opens the page asked for before signing in, and only a page of this app', async () => {
    for (const [next, opened] of [
      ['/vet/addvet?id=3', '/vet/addvet?id=3'],
      ['//evil.example/phish', '/dashboard'],
      ['https://evil.example/', '/dashboard'],
      ['/\\evil.example', '/dashboard'],
    ] as const) {
      let signedIn = false;
      stubFetch({
        'GET /api/auth/me': () => ({ body: { data: null } }),
        'POST /api/auth/login': () => {
          signedIn = true;
          return { body: { data: { id: 7, role: 'Worker', ngoId: 3, name: 'Wasim Worker', username: 'worker', email: 'worker@example.org', profileImage: null, ngoName: null, language: 'en' } } };
        },
      });
      const { user, router, unmount } = renderWithProviders(<LoginRoute />, { route: `/?${new URLSearchParams({ next })}` });
      await user.type(await screen.findByLabelText('Login ID'), 'worker');
      await user.type(screen.getByLabelText('Password', { exact: true }), 'Worker@123');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(opened), { timeout: 15_000 });
      expect(signedIn).toBe(true);
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('reads in Hindi', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({ 'GET /api/auth/me': { body: { data: null } } });
    renderWithProviders(<LoginRoute />);

    expect(await screen.findByRole('button', { name: 'लॉग इन करें' })).toBeTruthy();
    expect(screen.getByText('अपने रेस्क्यू केस संभालने के लिए लॉग इन करें')).toBeTruthy();
    expect(screen.getByPlaceholderText('यूज़रनेम या ईमेल')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'पासवर्ड भूल गए?' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'भाषा' })).toBeTruthy();
    expect(document.title).toBe('लॉग इन · RescueDesk');
  });
});
