import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { SAVED_REPORTING, buildCase } from '../test/case-factory';
import { actionBar, renderCasePage, requestsOf, writesOf, findStep } from '../test/render-case-page';
import { stubDocumentFonts } from '../test/stub-document-fonts';
import { CasePage } from './case-page';

const CASE = buildCase();
const TAB_NAMES = ['Reporter Details', 'Animal Details', 'Medical Details', 'Operation Details', 'Post Operation Details'];
const DRAFT = { type: 'Sterilization', status: 'Reported', mortality: 'Healthy', ngoId: null } as const;

/** Opens the top card's fields (on a phone-sized screen it is one line until tapped). */
async function openCard(user: ReturnType<typeof renderCasePage>['user']) {
  await user.click(screen.getByRole('button', { name: /Edit$/ }));
}

describe('CasePage', () => {
  beforeAll(stubDocumentFonts);
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it("opens the case named in the URL at the URL's step, mounting only that step's form", async () => {
    const { fetchMock } = renderCasePage({ step: 1 });

    expect(await screen.findByRole('heading', { name: 'Edit Case', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    const tabs = await screen.findAllByRole('tab');
    TAB_NAMES.forEach((name, index) => expect(tabs[index]).toBe(screen.getByRole('tab', { name })));
    expect(screen.getByRole('tab', { name: 'Animal Details' }).getAttribute('aria-selected')).toBe('true');
    expect(within(await findStep()).getByLabelText('Animal ID')).toBeTruthy();
    // The other four steps are not built until opened.
    expect(screen.queryByLabelText(/^Reporter Name/)).toBeNull();
    expect(screen.queryByLabelText('Medical History')).toBeNull();
    expect(screen.getByText('Sterilization')).toBeTruthy();
    expect(requestsOf(fetchMock)[0]).toMatchObject({ path: '/case/getCaseById', body: { id: 12 } });
  });

  it('marks the steps that hold data in the step indicator', async () => {
    renderCasePage({ record: buildCase({ reportingDetail: SAVED_REPORTING }) });

    const reporter = await screen.findByRole('tab', { name: 'Reporter Details' });
    expect(reporter.getAttribute('aria-describedby') && document.getElementById(reporter.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Has details');
    const animal = screen.getByRole('tab', { name: 'Animal Details' });
    expect(document.getElementById(animal.getAttribute('aria-describedby') ?? '')?.textContent).toBe('No details yet');
  });

  it('keeps a step mounted once opened, with what was typed, when moving between steps', async () => {
    const { user } = renderCasePage({ step: 1 });

    await user.type(within(await findStep()).getByLabelText('Animal ID'), 'BLR-0042');
    await user.click(screen.getByRole('tab', { name: 'Medical Details' }));
    expect(within(screen.getByRole('tabpanel')).getByLabelText('Medical History')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Animal Details' }));
    expect(within(screen.getByRole('tabpanel')).getByLabelText<HTMLInputElement>('Animal ID').value).toBe('BLR-0042');
  });

  it('shows Previous, Exit, Save, Save & Exit and Save & Next in the action bar, and on the last step no Save & Next', async () => {
    const { user } = renderCasePage();

    await findStep();
    expect(within(actionBar()).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    expect(within(actionBar()).getByRole('link', { name: 'Exit' }).getAttribute('href')).toBe('/dashboard');
    for (const name of ['Save', 'Save & Exit', 'Save & Next']) expect(within(actionBar()).getByRole('button', { name })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Post Operation Details' }));
    expect(within(actionBar()).queryByRole('button', { name: 'Save & Next' })).toBeNull();
    expect(within(actionBar()).getByRole('button', { name: 'Save & Exit' })).toBeTruthy();
    await user.click(within(actionBar()).getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('tab', { name: 'Operation Details' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows the top card as one line of type, status and mortality that opens on a tap', async () => {
    const { user } = renderCasePage();

    const summary = await screen.findByRole('button', { name: /Edit$/ });
    expect(summary.getAttribute('aria-expanded')).toBe('false');
    expect(summary.textContent).toContain('Sterilization');
    expect(summary.textContent).toContain('Reported');
    expect(summary.textContent).toContain('Healthy');
    expect(screen.queryByRole('combobox', { name: /Type of case/ })).toBeNull();

    await user.click(summary);
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /Type of case/ }).value).toBe('Sterilization');
    expect(screen.getByRole('button', { name: /Close$/ }).getAttribute('aria-expanded')).toBe('true');
  });

  it('saves the top card and the step together on Save & Exit, sending only what changed, then exits once', async () => {
    const saved = buildCase({ status: 'Admitted', mortality: 'Fatal', causeOfFailure: 'Anaesthesia' });
    const { user, fetchMock, onExit } = renderCasePage({
      step: 1,
      replies: {
        'POST /api/case/updateCase': { body: { data: saved } },
        'POST /api/case/updateAnimalDetail': { body: { data: { ...saved, animalDetail: { ...saved.animalDetail, uniqueID: 'BLR-0042', lastModifiedBy: 'Manager' } } } },
      },
    });

    await findStep();
    await openCard(user);
    await user.click(screen.getByRole('combobox', { name: 'Mortality of Case' }));
    await user.click(await screen.findByRole('option', { name: 'Fatal' }));
    await user.click(screen.getByLabelText('Cause of Failure'));
    await user.paste('Anaesthesia');
    await user.type(within(screen.getByRole('tabpanel')).getByLabelText('Animal ID'), 'BLR-0042');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save & Exit' }));

    await waitFor(() => expect(onExit).toHaveBeenCalledWith(12), { timeout: 15_000 });
    expect(onExit).toHaveBeenCalledOnce();
    expect(screen.getAllByText('Case saved successfully')).toHaveLength(1);
    const writes = writesOf(fetchMock);
    expect(writes.map(({ path }) => path)).toEqual(['/case/updateCase', '/case/updateAnimalDetail']);
    expect(writes[0]?.body).toEqual({ caseId: 12, mortality: 'Fatal', causeOfFailure: 'Anaesthesia' });
    // A fresh step sends the animal's usual answers with what was typed: the user saw and saved them.
    expect(writes[1]?.body).toMatchObject({ caseId: 12, uniqueID: 'BLR-0042', animalSpecies: 'Dog' });
    for (const write of writes) expect(write.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(writes[0]?.idempotencyKey).not.toBe(writes[1]?.idempotencyKey);
  });

  it('sends nothing for a step that was opened but not changed, and nothing at all when nothing changed', async () => {
    // Steps saved before: their answers were confirmed then (a fresh step's Save confirms its usual answers).
    const saved = buildCase();
    const record = buildCase({
      animalDetail: { ...saved.animalDetail, animalSpecies: 'Dog', animalGender: 'Male', lastModifiedBy: 'Worker' },
      medicalDetail: { ...saved.medicalDetail, fitForSurgery: 'Yes', lastModifiedBy: 'Worker' },
    });
    const { user, fetchMock, onExit } = renderCasePage({ step: 1, record });

    await findStep();
    await user.click(within(actionBar()).getByRole('button', { name: 'Save & Next' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Medical Details' }).getAttribute('aria-selected')).toBe('true'));
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No changes to save')).toBeTruthy();
    await user.click(within(actionBar()).getByRole('button', { name: 'Save & Exit' }));

    await waitFor(() => expect(onExit).toHaveBeenCalledWith(12));
    expect(writesOf(fetchMock)).toEqual([]);
  });

  it('saves only the edited step among those opened, in one press', async () => {
    const { user, fetchMock } = renderCasePage({
      step: 1,
      replies: { 'POST /api/case/updateMedicalDetail': { body: { data: buildCase() } } },
    });

    await findStep();
    await user.click(screen.getByRole('tab', { name: 'Medical Details' }));
    await user.type(within(screen.getByRole('tabpanel')).getByLabelText('Medical History'), 'Dehydrated');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    await screen.findByText('Case saved successfully');
    const writes = writesOf(fetchMock);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ path: '/case/updateMedicalDetail', body: { caseId: 12, medicalHistory: 'Dehydrated', fitForSurgery: 'Yes' } });
    // The event fields stayed empty and were not sent.
    for (const field of ['admissionDate', 'vaccinationStatus', 'dewormed']) expect(writes[0]?.body).not.toHaveProperty(field);
  });

  it('stores a new case at its first save: creates it, then saves the step, and names it in the address', async () => {
    const stored = buildCase({ id: 31, reportingDetail: SAVED_REPORTING });
    const { user, fetchMock, onCreated } = renderCasePage({
      draft: DRAFT,
      replies: {
        'POST /api/case/createCase': { body: { data: { id: 31, ngoId: 2 } } },
        'POST /api/case/updateReportingDetail': { body: { data: stored } },
        'POST /api/case/getCaseById': { body: { data: stored } },
      },
    });

    expect(await screen.findByText('New case · not saved yet')).toBeTruthy();
    expect(requestsOf(fetchMock)).toEqual([]);
    const panel = screen.getByRole('tabpanel');
    await user.type(within(panel).getByRole('combobox', { name: /^Reporter Name/ }), 'Anita Desai');
    await user.type(within(panel).getByRole('combobox', { name: /^Phone Number/ }), '+91 98450 12345');
    await user.type(within(panel).getByLabelText(/^Location/), 'MG Road');
    await user.type(within(panel).getByLabelText(/^Landmark/), 'Cauvery Emporium');
    await user.type(within(panel).getByLabelText(/^Pincode/), '560001');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save & Next' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(31, 1), { timeout: 15_000 });
    const writes = writesOf(fetchMock);
    expect(writes.map(({ path }) => path)).toEqual(['/case/createCase', '/case/updateReportingDetail']);
    expect(writes[0]?.body).toEqual({ type: 'Sterilization', status: 'Reported', mortality: 'Healthy', idempotencyKey: writes[0]?.idempotencyKey });
    expect(writes[1]?.body).toMatchObject({ caseId: 31, reporterName: 'Anita Desai', pincode: '560001' });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Animal Details' }).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByText('Case #31 · created by Manoj Manager')).toBeTruthy();
  });

  it('keeps the idempotency key of an action across its retries, and creates the case once', async () => {
    let attempts = 0;
    const { user, fetchMock, onCreated } = renderCasePage({
      draft: DRAFT,
      replies: {
        'POST /api/case/createCase': () => {
          attempts += 1;
          return attempts === 1 ? new TypeError('Failed to fetch') : { body: { data: { id: 32, ngoId: 2 } } };
        },
        'POST /api/case/getCaseById': { body: { data: buildCase({ id: 32 }) } },
      },
    });

    await findStep();
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/network|connection|server/i)).toBeTruthy();
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(32, 0));
    const creates = writesOf(fetchMock).filter(({ path }) => path === '/case/createCase');
    expect(creates).toHaveLength(2);
    expect(creates[1]?.idempotencyKey).toBe(creates[0]?.idempotencyKey);
    expect(creates[1]?.body.idempotencyKey).toBe(creates[0]?.idempotencyKey);
  });

  it('asks for the type of a new case opened without one, in the card', async () => {
    const { user, fetchMock } = renderCasePage({ draft: { ...DRAFT, type: null } });

    await findStep();
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Please choose Case Type')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /Type of case/ })));
    expect(writesOf(fetchMock)).toEqual([]);
  });

  it('names the fields with errors and moves the focus to the first of them', async () => {
    const { user, fetchMock } = renderCasePage({ record: buildCase({ reportingDetail: SAVED_REPORTING }) });

    const panel = await findStep();
    await user.clear(within(panel).getByLabelText(/^Pincode/));
    await user.paste('5600');
    await user.clear(within(panel).getByLabelText(/^Landmark/));
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Landmark is required')).toBeTruthy();
    expect(screen.getByText('Pincode must be 6 digits')).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByText('Please fill Required Details')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByLabelText(/^Landmark/)));
    expect(writesOf(fetchMock)).toEqual([]);
  });

  it('shows an error once, however often Save is pressed', async () => {
    const { user } = renderCasePage({
      record: buildCase({ reportingDetail: SAVED_REPORTING }),
      replies: { 'POST /api/case/updateReportingDetail': { status: 422, body: { message: 'Consent Form refers to an image that was not uploaded for this NGO' } } },
    });

    await user.type(within(await findStep()).getByLabelText(/^Landmark/), ', gate 2');
    for (let press = 0; press < 3; press += 1) {
      await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));
      await screen.findAllByText('Consent Form refers to an image that was not uploaded for this NGO');
    }
    await waitFor(() => expect(screen.getAllByText('Consent Form refers to an image that was not uploaded for this NGO')).toHaveLength(1));
  });

  it('says so when the case does not exist or belongs to another NGO', async () => {
    stubFetch({ 'POST /api/case/getCaseById': { status: 404, body: { message: 'Not found.' } } });
    renderWithProviders(<CasePage caseId={99} draft={null} isNew={false} step={0} onStepChange={() => {}} onCreated={() => {}} onExit={() => {}} />);

    expect(await screen.findByText('Case not found. It may have been deleted, or it belongs to another NGO.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Edit Case', level: 1 })).toBeTruthy();
  });

  it('says the case is gone when the server no longer finds it, even with a copy of it kept', async () => {
    let deleted = false;
    const { queryClient } = renderCasePage({
      replies: { 'POST /api/case/getCaseById': () => (deleted ? { status: 404, body: { message: 'Not found.' } } : { body: { data: CASE } }) },
    });

    await findStep();
    deleted = true;
    await queryClient.invalidateQueries();

    expect(await screen.findByText('Case not found. It may have been deleted, or it belongs to another NGO.')).toBeTruthy();
    expect(screen.queryByRole('tabpanel')).toBeNull();
  });

  it('offers the case sheet only for a case the server has: a case created offline says it prints once sent', () => {
    stubFetch({});
    const offline = renderWithProviders(<CasePage caseId={-5} draft={null} isNew={false} step={0} onStepChange={() => {}} onCreated={() => {}} onExit={() => {}} />);
    expect(screen.getByText('Print the case sheet once this case is sent.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Print case sheet' })).toBeNull();
    offline.unmount();

    renderCasePage();
    expect(screen.getByRole('link', { name: 'Print case sheet' }).getAttribute('href')).toBe('/dashboard/case/print?id=12');
    expect(screen.queryByText('Print the case sheet once this case is sent.')).toBeNull();
  });

  it('asks for a case when the address names none', () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<CasePage caseId={null} draft={null} isNew={false} step={0} onStepChange={() => {}} onCreated={() => {}} onExit={() => {}} />);

    expect(screen.getByText('This address does not name a case. Open one from the dashboard.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("moves the focus to the page heading on arrival, to the next step's heading after Save & Next, and to the step's heading after Previous", async () => {
    const { user } = renderCasePage({
      step: 1,
      replies: { 'POST /api/case/updateAnimalDetail': { body: { data: { ...CASE, animalDetail: { ...CASE.animalDetail, lastModifiedBy: 'Manager' } } } } },
    });

    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Edit Case', level: 1 }));

    await user.type(within(await findStep()).getByLabelText('Animal ID'), 'A1');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save & Next' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Medical Details' }).getAttribute('aria-selected')).toBe('true'), { timeout: 15_000 });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Medical Details', level: 2 })));

    await user.click(within(actionBar()).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Animal Details', level: 2 })));
  });

  it('reads in Hindi: the title, the steps, the card, the labels, the options and the buttons', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    const { user } = renderCasePage({ step: 1, record: buildCase({ animalDetail: { ...CASE.animalDetail, animalSpecies: 'Dog', lastModifiedBy: 'Manager' } }) });

    expect(screen.getByRole('heading', { name: 'केस बदलें', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'डैशबोर्ड' })).toBeTruthy();
    const tabs = await screen.findAllByRole('tab');
    ['सूचना देने वाले की जानकारी', 'पशु की जानकारी', 'मेडिकल जानकारी', 'ऑपरेशन की जानकारी', 'ऑपरेशन के बाद की जानकारी'].forEach((name, index) =>
      expect(tabs[index]).toBe(screen.getByRole('tab', { name })),
    );
    expect(screen.getAllByText('देखभाल').length).toBeGreaterThan(0);
    expect(screen.getByText('केस #12 · Manoj Manager ने बनाया')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /बदलें$/ }));
    // The stored value stays English; the field shows its label.
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /केस का प्रकार/ }).value).toBe('नसबंदी');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'पशु की जानकारी', level: 2 })).toBeTruthy();
    expect(within(panel).getByText('चरण 2/5 · आख़िरी बार मैनेजर ने सेव किया।')).toBeTruthy();
    expect(within(panel).getByRole<HTMLInputElement>('combobox', { name: 'प्रजाति' }).value).toBe('कुत्ता');
    const bar = screen.getByRole('group', { name: 'केस पर कार्रवाई' });
    for (const name of ['पीछे', 'सेव', 'सेव, बाहर', 'सेव, आगे']) {
      expect(within(bar).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(bar).getByRole('link', { name: 'बाहर' })).toBeTruthy();
  });
});
