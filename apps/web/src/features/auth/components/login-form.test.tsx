import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { LoginForm } from './login-form';

function renderLoginForm(onSignedIn = vi.fn()) {
  return { onSignedIn, ...renderWithProviders(<LoginForm onSignedIn={onSignedIn} />) };
}

describe('LoginForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows no validation messages before the first submit, even while typing', async () => {
    const { user } = renderLoginForm();
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.type(screen.getByLabelText('Login ID'), ' ');

    expect(screen.queryByText('Login ID is required')).toBeNull();
    expect(screen.queryByText('Password minimum length is 6')).toBeNull();
  });

  it('shows "Login ID is required" after an empty submit and sends nothing', async () => {
    const fetchMock = stubFetch({});
    const { user } = renderLoginForm();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Login ID is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('updates the messages live after the first submit', async () => {
    const { user } = renderLoginForm();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Login ID is required');

    await user.type(screen.getByLabelText('Login ID'), 'worker');
    await user.type(screen.getByLabelText('Password'), 'abc');

    expect(screen.queryByText('Login ID is required')).toBeNull();
    expect(await screen.findByText('Password minimum length is 6')).toBeTruthy();
  });

  it('sends the trimmed login ID and shows the fixed text when the server answers 401', async () => {
    const fetchMock = stubFetch({ 'POST /api/auth/login': { status: 401, body: { message: 'anything' } } });
    const { user } = renderLoginForm();

    await user.type(screen.getByLabelText('Login ID'), '  worker ');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Login failed.')).toBeTruthy();
    expect(screen.getByText('Incorrect login ID or password.')).toBeTruthy();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(JSON.parse(String(init?.body))).toEqual({ loginId: 'worker', password: 'wrong-password' });
  });

  it("shows the server's message when it throttles the login", async () => {
    stubFetch({ 'POST /api/auth/login': { status: 429, body: { message: 'Too many sign-in attempts.' } } });
    const { user } = renderLoginForm();

    await user.type(screen.getByLabelText('Login ID'), 'worker');
    await user.type(screen.getByLabelText('Password'), 'Worker@123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Too many sign-in attempts.')).toBeTruthy();
    expect(screen.getByText('Login failed.')).toBeTruthy();
  });

  it('shows "Service unavailable." when the server cannot be reached', async () => {
    stubFetch({ 'POST /api/auth/login': new TypeError('Failed to fetch') });
    const { user } = renderLoginForm();

    await user.type(screen.getByLabelText('Login ID'), 'worker');
    await user.type(screen.getByLabelText('Password'), 'Worker@123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Service unavailable.')).toBeTruthy();
    expect(screen.getByText('We will be back up shortly.')).toBeTruthy();
  });

  it('greets the user and opens the dashboard after a successful login', async () => {
    stubFetch({
      'POST /api/auth/login': { body: { data: { id: 4, role: 'Worker', ngoId: 1, name: 'Wasim Worker' } } },
    });
    const { user, onSignedIn } = renderLoginForm();

    await user.type(screen.getByLabelText('Login ID'), 'worker');
    await user.type(screen.getByLabelText('Password'), 'Worker@123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Login successful')).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce(), { timeout: 15_000 });
  });

  it('answers "Forgot password?" with a warning to contact the administrator', async () => {
    const { user } = renderLoginForm();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText('Contact your administrator.')).toBeTruthy();
  });
});
