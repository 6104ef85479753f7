import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { WORKER } from '../../../../test/accounts';
import { buildCaseList } from '../test/case-factory';
import { CaseDashboard } from './case-dashboard';

// The dialog's code cannot be fetched (offline before the app was kept on the device).
vi.mock('./add-case-dialog', async () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe("CaseDashboard's 'Add case' when the dialog's code cannot come", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says so in a toast and leaves the button ready for another try', async () => {
    stubFetch({ 'POST /api/case/getCaseByType': { body: buildCaseList([]) } });
    renderWithProviders(<CaseDashboard me={WORKER} />, { route: '/dashboard' });

    // A click alone: user-event's pointer would first start the preload, and vitest's failing mock
    // never settles a second import of the module (a browser rejects it, or fetches it again).
    fireEvent.click(screen.getByRole('button', { name: 'Add case' }));

    expect(await screen.findByText('The form could not be opened. Check the network and try again.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add case' }).hasAttribute('data-loading')).toBe(false));
  });
});
