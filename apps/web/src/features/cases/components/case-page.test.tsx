import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
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
    i18n.loadAndActivate({ locale: 'en', messages: en });
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
  it("moves the focus to the page heading on arrival, to the next step's heading after Save & Next, and to the step's heading after Previous", async () => {
    stubFetch({
      'POST /api/case/getCaseById': { body: { data: CASE } },
      'POST /api/case/getVetNames': { body: { data: [] } },
      'POST /api/case/updateAnimalDetail': { body: { data: { ...CASE, animalDetail: { ...CASE.animalDetail, lastModifiedBy: 'Manager' } } } },
    });
    const { user } = renderWithProviders(<Page initialStep={1} />);

    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Edit Case', level: 1 }));

    const animal = await screen.findByRole('tabpanel');
    await user.click(within(animal).getByRole('button', { name: 'Save & Next' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Medical Details' }).getAttribute('aria-selected')).toBe('true'), { timeout: 5_000 });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Medical Details', level: 2 })));

    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Animal Details', level: 2 })));
  });

  it('reads in Hindi: the title, the steps, the labels, the options and the buttons', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({
      'POST /api/case/getCaseById': { body: { data: buildCase({ animalDetail: { ...CASE.animalDetail, animalSpecies: 'Dog', lastModifiedBy: 'Manager' } }) } },
      'POST /api/case/getVetNames': { body: { data: [] } },
    });
    renderWithProviders(<Page initialStep={1} />);

    expect(screen.getByRole('heading', { name: 'केस बदलें', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'डैशबोर्ड' })).toBeTruthy();
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual([
      'सूचना देने वाले की जानकारी',
      'पशु की जानकारी',
      'मेडिकल जानकारी',
      'ऑपरेशन की जानकारी',
      'ऑपरेशन के बाद की जानकारी',
    ]);
    expect(screen.getByText('केस #12 · Manoj Manager ने बनाया')).toBeTruthy();
    // The stored value stays English; the field shows its label.
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /केस का प्रकार/ }).value).toBe('नसबंदी');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'पशु की जानकारी', level: 2 })).toBeTruthy();
    expect(within(panel).getByText('चरण 2/5 · आख़िरी बार मैनेजर ने सेव किया।')).toBeTruthy();
    expect(within(panel).getByRole<HTMLInputElement>('combobox', { name: 'प्रजाति' }).value).toBe('कुत्ता');
    for (const name of ['पीछे', 'सेव करें और बाहर', 'सेव करें और आगे']) {
      expect(within(panel).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(panel).getByRole('link', { name: 'बाहर निकलें' })).toBeTruthy();
  });
});
