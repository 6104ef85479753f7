import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Me } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { AppRoot } from './root';

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

function renderSignedInArea(route = '/settings') {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<p>The login page</p>} />
      <Route path="*" element={<AppRoot />} />
    </Routes>,
    { route },
  );
}

describe('AppRoot', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
    document.documentElement.lang = 'en';
  });

  it('sends a visitor without a session to the login page (the probe answers null, not 401)', async () => {
    stubFetch({ 'GET /api/auth/me': { body: { data: null } } });
    renderSignedInArea();
    expect(await screen.findByText('The login page')).toBeTruthy();
  });

  it('keeps the page a signed-out visitor asked for, so signing in can return there', async () => {
    stubFetch({ 'GET /api/auth/me': { body: { data: null } } });
    const { router } = renderSignedInArea('/vet/addvet?id=3');
    expect(await screen.findByText('The login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/vet/addvet?id=3');
  });

  it('opens in the language stored with the account, whatever the device chose before', async () => {
    window.localStorage.setItem('rescuedesk.language', 'en');
    stubFetch({ 'GET /api/auth/me': { body: { data: { ...ME, language: 'hi' } } } });
    renderSignedInArea();

    expect(await screen.findByRole('button', { name: 'लॉग आउट' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('hi'));
    expect(window.localStorage.getItem('rescuedesk.language')).toBe('hi');
  });

  it('says the service is unavailable when the session cannot be checked, with Try again', async () => {
    stubFetch({ 'GET /api/auth/me': { status: 503, body: { message: 'The database is unavailable right now. Please try again in a moment.' } } });
    renderSignedInArea();

    expect(await screen.findByRole('heading', { name: 'Service unavailable.' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
