import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { buildCase } from '../test/case-factory';
import { stubDocumentFonts } from '../test/stub-document-fonts';
import { CasePage } from './case-page';

function Page({ caseId = 12, isNew = false, initialStep = 0, onExit = () => {} }: { caseId?: number | null; isNew?: boolean; initialStep?: number; onExit?: () => void }) {
  const [step, setStep] = useState(initialStep);
  return <CasePage caseId={caseId} isNew={isNew} step={step} onStepChange={setStep} onExit={onExit} />;
}

const CASE = buildCase();
const TAB_NAMES = ['Reporter Details', 'Animal Details', 'Medical Details', 'Operation Details', 'Post Operation Details'];

describe('CasePage', () => {
  beforeAll(stubDocumentFonts);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("opens the case named in the URL at the URL's step, titled 'Add Case' right after creation", async () => {
    const fetchMock = stubFetch({
      'POST /api/case/getCaseById': { body: { data: CASE } },
      'POST /api/case/getVetNames': { body: { data: ['Dr. Arjun Shetty'] } },
    });
    renderWithProviders(<Page isNew initialStep={1} />);

    expect(await screen.findByRole('heading', { name: 'Add Case', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual(TAB_NAMES);
    expect(screen.getByRole('tab', { name: 'Animal Details' }).getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByLabelText('Animal ID')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /Type of case/ }).value).toBe('Sterilization');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ id: 12 });
  });

  it("shows Previous, Exit, Save & Exit and Save & Next, and on the last step no Save & Next", async () => {
    stubFetch({
      'POST /api/case/getCaseById': { body: { data: CASE } },
      'POST /api/case/getVetNames': { body: { data: [] } },
    });
    const { user } = renderWithProviders(<Page />);

    const first = await screen.findByRole('tabpanel');
    expect(within(first).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    expect(within(first).getByRole('link', { name: 'Exit' }).getAttribute('href')).toBe('/dashboard');
    expect(within(first).getByRole('button', { name: 'Save & Exit' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Save & Next' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Post Operation Details' }));
    const last = screen.getByRole('tabpanel');
    expect(within(last).queryByRole('button', { name: 'Save & Next' })).toBeNull();
    expect(within(last).getByRole('button', { name: 'Save & Exit' })).toBeTruthy();
    await user.click(within(last).getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('tab', { name: 'Operation Details' }).getAttribute('aria-selected')).toBe('true');
  });

  it('saves the top card with only what changed, then exits on Save & Exit', async () => {
    const onExit = vi.fn();
    const fetchMock = stubFetch({
      'POST /api/case/getCaseById': { body: { data: CASE } },
      'POST /api/case/getVetNames': { body: { data: [] } },
      'POST /api/case/updateCase': { body: { data: { ...CASE, mortality: 'Fatal', causeOfFailure: 'Anaesthesia' } } },
    });
    const { user } = renderWithProviders(<Page onExit={onExit} />);

    await user.click(await screen.findByRole('combobox', { name: 'Mortality of Case' }));
    await user.click(await screen.findByRole('option', { name: 'Fatal' }));
    await user.click(screen.getByLabelText('Cause of Failure'));
    await user.paste('Anaesthesia');
    await user.click(within(screen.getByRole('form', { name: 'Case' })).getByRole('button', { name: 'Save & Exit' }));

    await waitFor(() => expect(onExit).toHaveBeenCalledOnce(), { timeout: 5_000 });
    expect(screen.getByText('Case saved successfully')).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/case/updateCase'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ caseId: 12, mortality: 'Fatal', causeOfFailure: 'Anaesthesia' });
  });

  it('says so when the case does not exist or belongs to another NGO', async () => {
    stubFetch({ 'POST /api/case/getCaseById': { status: 404, body: { message: 'Not found.' } } });
    renderWithProviders(<Page caseId={99} />);

    expect(await screen.findByText('Case not found. It may have been deleted, or it belongs to another NGO.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Edit Case', level: 1 })).toBeTruthy();
  });

  it('asks for a case when the address names none', () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<Page caseId={null} />);

    expect(screen.getByText('This address does not name a case. Open one from the dashboard.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
