import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { TwoFactorGate } from './two-factor-gate';

const status = (over: object) => ({ body: { data: { enabled: false, required: true, dueAt: null, overdue: false, recoveryCodesLeft: 0, resetAt: null, ...over } } });
const DAY = 24 * 60 * 60 * 1000;

describe('TwoFactorGate', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks someone who must use two-factor sign-in to set it up, with the days left, above the page', async () => {
    stubFetch({ 'GET /api/auth/twoFactor': status({ dueAt: new Date(Date.now() + 3 * DAY - 60_000).toISOString() }) });
    renderWithProviders(<TwoFactorGate>page body</TwoFactorGate>);
    expect(await screen.findByText(/Set it up within 3 days/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set it up now' }).getAttribute('href')).toBe('/settings#two-factor-title');
    expect(screen.getByText('page body')).toBeTruthy();
  });

  it('replaces any page but Settings with the request to set it up once the due date has passed', async () => {
    stubFetch({ 'GET /api/auth/twoFactor': status({ dueAt: '2020-01-01T00:00:00.000Z', overdue: true }) });
    renderWithProviders(<TwoFactorGate>page body</TwoFactorGate>, { route: '/dashboard' });
    expect(await screen.findByText('Two-factor sign-in is required for your account. Set it up to continue using RescueDesk.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set it up now' }).getAttribute('href')).toBe('/settings#two-factor-title');
    expect(screen.queryByText('page body')).toBeNull();
  });

  it('shows Settings, where the set-up is, below the request once the due date has passed', async () => {
    stubFetch({ 'GET /api/auth/twoFactor': status({ dueAt: '2020-01-01T00:00:00.000Z', overdue: true }) });
    renderWithProviders(<TwoFactorGate>page body</TwoFactorGate>, { route: '/settings' });
    expect(await screen.findByText('Two-factor sign-in is required for your account. Set it up to continue using RescueDesk.')).toBeTruthy();
    expect(screen.getByText('page body')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Set it up now' })).toBeNull();
  });

  it('tells someone whose two-factor sign-in was reset, until they set it up again', async () => {
    stubFetch({ 'GET /api/auth/twoFactor': status({ required: false, resetAt: '2026-11-29T08:30:00.000Z' }) });
    renderWithProviders(<TwoFactorGate>page body</TwoFactorGate>);
    expect(await screen.findByText(/Your two-factor sign-in was reset on .*2026.* Set it up again with the phone you have now\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set it up now' }).getAttribute('href')).toBe('/settings#two-factor-title');
    expect(screen.getByText('page body')).toBeTruthy();
  });

  it('shows only the page to someone who has it on or need not', async () => {
    stubFetch({ 'GET /api/auth/twoFactor': status({ required: false }) });
    renderWithProviders(<TwoFactorGate>page body</TwoFactorGate>);
    expect(await screen.findByText('page body')).toBeTruthy();
    expect(screen.queryByText('Set up two-factor sign-in')).toBeNull();
  });
});
