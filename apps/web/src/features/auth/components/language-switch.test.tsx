import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Me } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { ME_QUERY_KEY } from '../api/get-me';
import { LanguageSwitch } from './language-switch';
import { LoginForm } from './login-form';

const ME: Me = {
  id: 5,
  role: 'Manager',
  ngoId: 2,
  name: 'Manoj Manager',
  username: 'manager',
  email: 'manager@example.org',
  profileImage: null,
  ngoName: 'Green Paws Trust',
  language: 'en',
};

describe('LanguageSwitch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
    document.documentElement.lang = 'en';
  });

  it('offers each language in its own script, marked with its language', () => {
    renderWithProviders(<LanguageSwitch />);

    expect(screen.getByRole('radiogroup', { name: 'Language' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'English' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'हिन्दी' })).toBeTruthy();
    expect(screen.getByText('हिन्दी').getAttribute('lang')).toBe('hi');
  });

  it('switches the page to Hindi before sign-in, remembering it on the device only', async () => {
    const fetchMock = stubFetch({});
    const { user } = renderWithProviders(
      <>
        <LanguageSwitch />
        <LoginForm onSignedIn={vi.fn()} />
      </>,
    );

    await user.click(screen.getByRole('radio', { name: 'हिन्दी' }));

    expect(await screen.findByRole('button', { name: 'लॉग इन करें' })).toBeTruthy();
    expect(screen.getByLabelText('लॉग इन आईडी')).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('hi'));
    expect(window.localStorage.getItem('rescuedesk.language')).toBe('hi');
    expect((screen.getByRole('radiogroup', { name: 'भाषा' }).querySelector('input:checked') as HTMLInputElement).value).toBe('hi');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores a signed-in user\'s choice with their account', async () => {
    const fetchMock = stubFetch({ 'POST /api/auth/updateLanguage': { body: { data: { ...ME, language: 'hi' } } } });
    const { user, queryClient } = renderWithProviders(<LanguageSwitch saveToAccount />);
    queryClient.setQueryData(ME_QUERY_KEY, ME);

    await user.click(screen.getByRole('radio', { name: 'हिन्दी' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ language: 'hi' });
    await waitFor(() => expect(queryClient.getQueryData<Me>(ME_QUERY_KEY)?.language).toBe('hi'));
    expect(screen.getByRole('radiogroup', { name: 'भाषा' })).toBeTruthy();
  });

  it('keeps the new language on screen and says so when the account could not store it', async () => {
    stubFetch({ 'POST /api/auth/updateLanguage': { status: 503, body: { message: 'The database is unavailable right now. Please try again in a moment.' } } });
    const { user } = renderWithProviders(<LanguageSwitch saveToAccount />);

    await user.click(screen.getByRole('radio', { name: 'हिन्दी' }));

    expect(await screen.findByText('The database is unavailable right now. Please try again in a moment.')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'भाषा' })).toBeTruthy();
  });

  it('sends a language picked on the sign-in page with the sign-in itself, so the account stores it and nothing switches back', async () => {
    const fetchMock = stubFetch({
      'POST /api/auth/login': { body: { data: { id: 5, role: 'Manager', ngoId: 2, name: 'Manoj Manager' } } },
    });
    const { user } = renderWithProviders(
      <>
        <LanguageSwitch />
        <LoginForm onSignedIn={vi.fn()} />
      </>,
    );

    await user.click(screen.getByRole('radio', { name: 'हिन्दी' }));
    await screen.findByRole('radiogroup', { name: 'भाषा' });
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('लॉग इन आईडी'), 'manager');
    await user.type(screen.getByLabelText('पासवर्ड'), 'Manager@123');
    await user.click(screen.getByRole('button', { name: 'लॉग इन करें' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/auth/login');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ loginId: 'manager', password: 'Manager@123', language: 'hi' });
  });
});
