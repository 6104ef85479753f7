import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';
import { i18n } from '../../lib/i18n/i18n';
import { messages as en } from '../../lib/i18n/catalogues/en';
import { messages as hi } from '../../lib/i18n/catalogues/hi';
import { toldSessionEnd } from '../../lib/api-client';
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

  const signInAs = (bodies: unknown[]) =>
    stubFetch({
      'GET /api/auth/me': () => ({ body: { data: null } }),
      'POST /api/auth/login': (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return { body: { data: { id: 7, role: 'Worker', ngoId: 3, name: 'Wasim Worker' } } };
      },
    });

  it('sends the language picked on the sign-in page with the sign-in, so the account stores it at once', async () => {
    const bodies: unknown[] = [];
    signInAs(bodies);
    const { user, router } = renderWithProviders(<LoginRoute />);
    await user.click(await screen.findByRole('radio', { name: 'हिन्दी' }));
    await user.type(await screen.findByLabelText('लॉग इन आईडी'), 'worker');
    await user.type(screen.getByLabelText('पासवर्ड', { exact: true }), 'Worker@123');
    await user.click(screen.getByRole('button', { name: 'लॉग इन करें' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 15_000 });
    expect(bodies).toEqual([{ loginId: 'worker', password: 'Worker@123', language: 'hi' }]);
  });

  it("sends no language when none was picked on the page, even if the device kept one, so the account's own wins", async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    window.localStorage.setItem('rescuedesk.language', 'hi');
    const bodies: unknown[] = [];
    signInAs(bodies);
    const { user, router } = renderWithProviders(<LoginRoute />);
    await user.type(await screen.findByLabelText('लॉग इन आईडी'), 'worker');
    await user.type(screen.getByLabelText('पासवर्ड', { exact: true }), 'Worker@123');
    await user.click(screen.getByRole('button', { name: 'लॉग इन करें' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 15_000 });
    expect(bodies).toEqual([{ loginId: 'worker', password: 'Worker@123' }]);
    window.localStorage.removeItem('rescuedesk.language');
  });

  it('says once, in the reader\'s language, that an administrator changed the role', async () => {
    stubFetch({ 'GET /api/auth/me': { body: { data: null } } });
    const { router } = renderWithProviders(<LoginRoute />);
    await act(() => router.navigate('/', { state: { sessionEnded: 'roleChanged' } }));
    expect(await screen.findByText('Your role was changed by an administrator; please sign in again.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(screen.getByRole('status').textContent).toContain('Your role was changed');

    await act(() => i18n.loadAndActivate({ locale: 'hi', messages: hi }));
    expect(await screen.findByText('एडमिन ने आपकी भूमिका बदल दी है; कृपया फिर से लॉग इन करें।')).toBeTruthy();
  });

  it('says why when the session check as the app opened was told that an administrator ended it, until someone signs in', async () => {
    let told = false;
    stubFetch({
      // Told once, as the server does: the marker of the ended session goes with the telling.
      'GET /api/auth/me': () => (told ? { body: { data: null } } : ((told = true), { body: { data: null }, headers: { 'Session-Ended': 'roleChanged' } })),
      'POST /api/auth/login': { body: { data: { id: 7, role: 'Manager', ngoId: 3, name: 'Wasim', username: 'wasim', email: 'wasim@example.org', profileImage: null, ngoName: null, language: 'en' } } },
    });
    const { user, router } = renderWithProviders(<LoginRoute />);
    expect(await screen.findByText('Your role was changed by an administrator; please sign in again.')).toBeTruthy();

    await user.type(screen.getByLabelText('Login ID'), 'wasim');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Manager@123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 15_000 });
    expect(toldSessionEnd()).toBeNull();
  });

  it('says nothing about a session when none was ended by someone else', async () => {
    stubFetch({ 'GET /api/auth/me': { body: { data: null } } });
    const { router } = renderWithProviders(<LoginRoute />);
    await act(() => router.navigate('/', { state: { sessionEnded: 'whatever' } }));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('status')).toBeNull();
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
