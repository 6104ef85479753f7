import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { UnsavedChangesProvider } from '../../../components/unsaved-changes/unsaved-changes-provider';
import { SAVED_REPORTING, buildCase } from '../../../features/cases/test/case-factory';
import { stubDocumentFonts } from '../../../features/cases/test/stub-document-fonts';
import { findStep } from '../../../features/cases/test/render-case-page';
import CaseRoute from './case';

const REPORTED = buildCase({ reportingDetail: SAVED_REPORTING });

function renderCase(replies: Parameters<typeof stubFetch>[0] = {}) {
  stubFetch({
    'POST /api/case/getCaseById': { body: { data: REPORTED } },
    'POST /api/case/getDirectoryChoices': { body: { data: { vets: [], staff: [], reporters: [] } } },
    ...replies,
  });
  return renderWithProviders(
    <UnsavedChangesProvider>
      <CaseRoute />
    </UnsavedChangesProvider>,
    { route: '/dashboard/case?id=12&step=1' },
  );
}

type Rendered = ReturnType<typeof renderCase>;
const path = ({ router }: Rendered) => router.state.location.pathname + router.state.location.search;
const panel = () => screen.getByRole('tabpanel');
const bar = () => screen.getByRole('group', { name: 'Case actions' });
const confirmDialog = () => screen.findByRole('dialog', { name: 'Discard unsaved changes?' });

describe('Case page, unsaved changes', () => {
  beforeAll(stubDocumentFonts);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('exits to the dashboard without asking when nothing was edited', async () => {
    const view = renderCase();
    await findStep();

    await view.user.click(within(bar()).getByRole('link', { name: 'Exit' }));

    await waitFor(() => expect(path(view)).toBe('/dashboard'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before Exit leaves an edited step; Stay keeps the edit, Discard goes to the dashboard', async () => {
    const view = renderCase();
    await view.user.type(within(await findStep()).getByLabelText(/^Landmark/), ', gate 2');

    await view.user.click(within(bar()).getByRole('link', { name: 'Exit' }));
    await view.user.click(within(await confirmDialog()).getByRole('button', { name: 'Stay' }));

    expect(path(view)).toBe('/dashboard/case?id=12&step=1');
    expect(within(panel()).getByLabelText<HTMLInputElement>(/^Landmark/).value).toBe('Cauvery Emporium, gate 2');

    await view.user.click(within(bar()).getByRole('link', { name: 'Exit' }));
    await view.user.click(within(await confirmDialog()).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(path(view)).toBe('/dashboard'));
  });

  it('moves between steps keeping unsaved edits without asking, and asks once the case is left', async () => {
    const view = renderCase();
    await view.user.type(within(await findStep()).getByLabelText(/^Landmark/), ', gate 2');

    await view.user.click(screen.getByRole('tab', { name: 'Animal Details' }));
    expect(path(view)).toBe('/dashboard/case?id=12&step=2');
    await view.user.click(within(bar()).getByRole('button', { name: 'Previous' }));
    expect(path(view)).toBe('/dashboard/case?id=12&step=1');
    expect(screen.queryByRole('dialog')).toBeNull();

    await view.user.click(within(bar()).getByRole('link', { name: 'Exit' }));
    expect(await confirmDialog()).toBeTruthy();
  });

  it('does not ask after Save & Next, nor on Save & Exit', async () => {
    const view = renderCase({
      'POST /api/case/updateReportingDetail': { body: { data: REPORTED } },
      'POST /api/case/updateAnimalDetail': { body: { data: REPORTED } },
    });
    await view.user.type(within(await findStep()).getByLabelText(/^Landmark/), ', gate 2');

    await view.user.click(within(bar()).getByRole('button', { name: 'Save & Next' }));
    // The toast shows for 0.8 s (the spec's duration): caught as it appears, not looked for afterwards.
    expect(await screen.findByText('Case saved successfully')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Animal Details' }).getAttribute('aria-selected')).toBe('true'));
    expect(path(view)).toBe('/dashboard/case?id=12&step=2');
    await view.user.type(within(panel()).getByLabelText('Animal ID'), 'BLR-0042');
    await view.user.click(within(bar()).getByRole('button', { name: 'Save & Exit' }));

    await waitFor(() => expect(path(view)).toBe('/dashboard'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks when the edit is in the top card', async () => {
    const view = renderCase();
    await view.user.click(await screen.findByRole('button', { name: /Edit$/ }));
    await view.user.type(screen.getByLabelText('Cause of Failure'), 'Anaesthesia');

    await view.user.click(within(bar()).getByRole('link', { name: 'Exit' }));

    expect(await confirmDialog()).toBeTruthy();
    expect(path(view)).toBe('/dashboard/case?id=12&step=1');
  });

  it('never asks after Save & Exit saved the card and the step together', async () => {
    const saved = { ...REPORTED, status: 'Admitted' as const };
    const view = renderCase({
      'POST /api/case/updateCase': { body: { data: saved } },
      'POST /api/case/updateReportingDetail': { body: { data: saved } },
    });
    await view.user.type(within(await findStep()).getByLabelText(/^Landmark/), ', gate 2');
    await view.user.click(screen.getByRole('button', { name: /Edit$/ }));
    await view.user.click(screen.getByRole('combobox', { name: 'Status of Case' }));
    await view.user.click(await screen.findByRole('option', { name: 'Admitted' }));

    await view.user.click(within(bar()).getByRole('button', { name: 'Save & Exit' }));

    await waitFor(() => expect(path(view)).toBe('/dashboard'));
    expect(view.router.state.location.state).toEqual({ savedCaseId: 12 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a new case from its address without storing anything, and leaving it stores nothing', async () => {
    const fetchMock = stubFetch({});
    const view = renderWithProviders(
      <UnsavedChangesProvider>
        <CaseRoute />
      </UnsavedChangesProvider>,
      { route: '/dashboard/case?new=1&type=OPD&status=Reported&mortality=Healthy' },
    );

    expect(await screen.findByRole('heading', { name: 'Add Case', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Edit$/ }).textContent).toContain('OPD');
    await view.user.click(within(bar()).getByRole('link', { name: 'Exit' }));

    await waitFor(() => expect(path(view)).toBe('/dashboard'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
