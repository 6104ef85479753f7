import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { stubFetch } from '../../test/fetch';
import { preloadSignedInPage } from './page-modules';
import { StandaloneSignIn } from './standalone-sign-in';

// The signed-in app's code is not fetched here: only that it was asked for, and when.
vi.mock('./page-modules', () => ({ preloadSignedInPage: vi.fn() }));

const WORKER = { id: 7, role: 'Worker', ngoId: 3, name: 'Wasim Worker', username: 'worker', email: 'worker@example.org', profileImage: null, ngoName: null, language: 'en' };

describe('StandaloneSignIn', () => {
  beforeEach(() => vi.mocked(preloadSignedInPage).mockClear());
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it("fetches the next page's code once the user starts on the form, and opens the page asked for after signing in", async () => {
    window.history.replaceState(null, '', `/?${new URLSearchParams({ next: '/vet/addvet?id=3' })}`);
    stubFetch({
      'GET /api/auth/me': { body: { data: null } },
      'POST /api/auth/login': { body: { data: WORKER } },
    });
    const onOpenApp = vi.fn();
    const { user } = renderWithProviders(<StandaloneSignIn onOpenApp={onOpenApp} />);

    const loginId = await screen.findByLabelText('Login ID');
    expect(preloadSignedInPage).not.toHaveBeenCalled();
    await user.type(loginId, 'worker');
    expect(preloadSignedInPage).toHaveBeenCalledWith('/vet/addvet');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Worker@123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Login successful')).toBeTruthy();
    await waitFor(() => expect(onOpenApp).toHaveBeenCalledWith('/vet/addvet?id=3', true), { timeout: 15_000 });
  });

  it('hands over to the dashboard at once when a session is already there', async () => {
    stubFetch({ 'GET /api/auth/me': { body: { data: WORKER } } });
    const onOpenApp = vi.fn();
    renderWithProviders(<StandaloneSignIn onOpenApp={onOpenApp} />);

    await waitFor(() => expect(onOpenApp).toHaveBeenCalledWith('/dashboard', false));
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });
});
