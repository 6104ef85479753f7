import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { LoginForm } from './login-form';

const CHALLENGE = { twoFactor: 'required', challenge: 'challenge-token', expiresAt: '2026-11-29T12:00:00.000Z' };
const WORKER = { id: 4, role: 'Worker', ngoId: 1, name: 'Wasim Worker' };

async function reachCodeStep(replies: Parameters<typeof stubFetch>[0]) {
  const fetchMock = stubFetch({ 'POST /api/auth/login': { body: { data: CHALLENGE } }, ...replies });
  const onSignedIn = vi.fn();
  const rendered = renderWithProviders(<LoginForm onSignedIn={onSignedIn} />);
  await rendered.user.type(screen.getByLabelText('Login ID'), 'worker');
  await rendered.user.type(screen.getByLabelText('Password'), 'Worker@123');
  await rendered.user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByText('Enter your code');
  return { ...rendered, fetchMock, onSignedIn };
}

const sent = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path)).map(([, init]) => JSON.parse(String(init?.body)));

describe('the code step of a two-factor sign-in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the code with a numeric one-time-code field instead of signing in', async () => {
    const { onSignedIn } = await reachCodeStep({});
    const field = screen.getByLabelText('6-digit code');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(screen.queryByText('Login successful')).toBeNull();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('sends the challenge with the code and opens the app when it is right', async () => {
    const { user, fetchMock, onSignedIn } = await reachCodeStep({ 'POST /api/auth/twoFactor/verify': { body: { data: WORKER } } });
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Login successful')).toBeTruthy();
    expect(sent(fetchMock, '/api/auth/twoFactor/verify')).toEqual([{ challenge: 'challenge-token', code: '123456' }]);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce(), { timeout: 15_000 });
  });

  it("shows the server's message for a wrong code and empties the field", async () => {
    const { user } = await reachCodeStep({
      'POST /api/auth/twoFactor/verify': { status: 401, body: { message: 'That code is not right. Check the code in your authenticator app and try again.' } },
    });
    await user.type(screen.getByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right. Check the code in your authenticator app and try again.')).toBeTruthy();
    expect((screen.getByLabelText('6-digit code') as HTMLInputElement).value).toBe('');
  });

  it('takes a recovery code after "Use a recovery code"', async () => {
    const { user, fetchMock } = await reachCodeStep({ 'POST /api/auth/twoFactor/verify': { body: { data: WORKER } } });
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Login successful')).toBeTruthy();
    expect(sent(fetchMock, '/api/auth/twoFactor/verify')).toEqual([{ challenge: 'challenge-token', code: 'abcde-fghjk' }]);
  });

  it('says the code is required and sends nothing when it is empty', async () => {
    const { user, fetchMock } = await reachCodeStep({});
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Code is required')).toBeTruthy();
    expect(sent(fetchMock, '/api/auth/twoFactor/verify')).toEqual([]);
  });

  it('goes back to the password from "Back to sign in"', async () => {
    const { user } = await reachCodeStep({});
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });
});
