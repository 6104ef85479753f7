import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { ChangePasswordForm } from './change-password-form';

describe('ChangePasswordForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('lets the keyboard reach each password\'s show/hide toggle, named and saying whether it shows', async () => {
    const { user } = renderWithProviders(<ChangePasswordForm />);

    await user.click(screen.getByLabelText(/^Old Password/));
    await user.tab();

    const toggle = document.activeElement as HTMLElement;
    expect(toggle.getAttribute('aria-label')).toBe('Show password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.keyboard('{Enter}');
    expect((screen.getByLabelText(/^Old Password/) as HTMLInputElement).type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('reads in Hindi', () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    renderWithProviders(<ChangePasswordForm />);

    expect(screen.getByRole('heading', { name: 'पासवर्ड बदलें' })).toBeTruthy();
    expect(screen.getByLabelText(/^पुराना पासवर्ड/)).toBeTruthy();
    expect(screen.getByLabelText(/^नया पासवर्ड दोबारा/)).toBeTruthy();
    expect(screen.getByText('कम से कम 6 अक्षर।')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'पासवर्ड दिखाएँ' })).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'जमा करें' })).toBeTruthy();
  });

  it('refuses a confirmation that does not match, after submit, without calling the server', async () => {
    const fetchMock = stubFetch({});
    const { user } = renderWithProviders(<ChangePasswordForm />);

    await user.type(screen.getByLabelText(/^Old Password/), 'Worker@123');
    await user.type(screen.getByLabelText(/^New Password/), 'Better@123');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'Better@124');
    expect(screen.queryByText('New password and confirmation do not match')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('New password and confirmation do not match')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears the form and confirms when the server accepts the change', async () => {
    const fetchMock = stubFetch({ 'POST /api/auth/changePassword': { body: { data: null } } });
    const { user } = renderWithProviders(<ChangePasswordForm />);

    await user.type(screen.getByLabelText(/^Old Password/), 'Worker@123');
    await user.type(screen.getByLabelText(/^New Password/), 'Better@123');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'Better@123');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Password changed successfully')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/^Old Password/) as HTMLInputElement).value).toBe(''));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      oldPassword: 'Worker@123',
      newPassword: 'Better@123',
      confirmPassword: 'Better@123',
    });
  });

  it("shows the server's refusal in a closable error toast and keeps what was typed", async () => {
    stubFetch({ 'POST /api/auth/changePassword': { status: 422, body: { message: 'Old password is incorrect.' } } });
    const { user } = renderWithProviders(<ChangePasswordForm />);

    await user.type(screen.getByLabelText(/^Old Password/), 'Wrong@123');
    await user.type(screen.getByLabelText(/^New Password/), 'Better@123');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'Better@123');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Error');
    expect(toast.textContent).toContain('Old password is incorrect.');
    expect((screen.getByLabelText(/^New Password/) as HTMLInputElement).value).toBe('Better@123');
  });
});
