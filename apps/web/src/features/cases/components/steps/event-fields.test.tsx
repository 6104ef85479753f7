import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { buildCase, SAVED_REPORTING } from '../../test/case-factory';
import { statusSuggestedBy } from '../status-offer';
import { actionBar, renderCasePage, writesOf, findStep } from '../../test/render-case-page';
import { stubDocumentFonts } from '../../test/stub-document-fonts';

const panel = () => screen.getByRole('tabpanel');
const field = (label: string) => within(panel()).getByLabelText<HTMLInputElement>(label);
const chosen = (label: string) =>
  within(within(panel()).getByRole('radiogroup', { name: label }))
    .getAllByRole('radio')
    .filter((radio) => radio.getAttribute('aria-checked') === 'true')
    .map((radio) => radio.textContent);

/** The event fields of each step: empty on a fresh case, whatever the observed product filled in. */
describe('event fields', () => {
  beforeAll(stubDocumentFonts);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('start empty on a fresh case, while the fields that describe the animal show their usual answers', async () => {
    const { user } = renderCasePage({ step: 2 });

    await findStep();
    expect(field('Admission Date').value).toBe('');
    expect(within(panel()).getByRole<HTMLInputElement>('combobox', { name: 'Vaccination Status' }).value).toBe('');
    expect(within(panel()).getByRole<HTMLInputElement>('combobox', { name: 'Dewormed' }).value).toBe('');
    expect(chosen('Fit for Surgery')).toEqual(['Yes']);

    await user.click(screen.getByRole('tab', { name: 'Operation Details' }));
    for (const label of ['Operation Date', 'Operation Start Time', 'Operation End Time']) expect(field(label).value).toBe('');
    expect(chosen('Operation Outcome')).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'Post Operation Details' }));
    for (const label of ['Post-operation Start Date', 'Post-operation End Date', 'Release Date']) expect(field(label).value).toBe('');
    expect(chosen('Euthanized')).toEqual([]);
    expect(within(panel()).getByRole<HTMLInputElement>('combobox', { name: 'Post-operation Facility' }).value).toBe('In Shelter');
  });

  it('are stored by no walk through the steps with Save & Next: only the usual answers each step showed are confirmed', async () => {
    const stored = { body: { data: buildCase() } };
    const { user, fetchMock, onExit } = renderCasePage({
      replies: { 'POST /api/case/updateAnimalDetail': stored, 'POST /api/case/updateMedicalDetail': stored, 'POST /api/case/updatePostOperationDetail': stored },
    });

    await findStep();
    for (const next of ['Animal Details', 'Medical Details', 'Operation Details', 'Post Operation Details']) {
      await user.click(within(actionBar()).getByRole('button', { name: 'Save & Next' }));
      await waitFor(() => expect(screen.getByRole('tab', { name: next }).getAttribute('aria-selected')).toBe('true'));
    }
    await user.click(within(actionBar()).getByRole('button', { name: 'Save & Exit' }));

    await waitFor(() => expect(onExit).toHaveBeenCalledWith(12));
    // The reporter and operation steps show no usual answer: nothing of theirs is sent.
    expect(writesOf(fetchMock).map(({ path, body }) => [path, body])).toEqual([
      ['/case/updateAnimalDetail', { caseId: 12, animalSpecies: 'Dog', animalBreed: 'Indie', animalAge: '1-5 Yrs', animalTemperament: 'Scared', animalGender: 'Female', animalPregnant: 'No', animalCatchable: 'Yes' }],
      ['/case/updateMedicalDetail', { caseId: 12, fitForSurgery: 'Yes' }],
      ['/case/updatePostOperationDetail', { caseId: 12, popFacility: 'In Shelter' }],
    ]);
  });

  it("are filled by one tap on Today, saved, and then offer to move the status on, which one more tap does", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 21, 10, 30));
    const operated = buildCase({ operationDetail: { ...buildCase().operationDetail, operationDate: '2026-11-21', lastModifiedBy: 'Manager' } });
    const { user, fetchMock } = renderCasePage({
      step: 3,
      replies: {
        'POST /api/case/updateOperationDetail': { body: { data: operated } },
        'POST /api/case/updateCase': { body: { data: { ...operated, status: 'Operation' } } },
      },
    });

    await findStep();
    await user.click(within(panel()).getByRole('button', { name: 'Today – Operation Date' }));
    expect(field('Operation Date').value).toBe('21/11/2026');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    const offer = (await screen.findByText('Move case #12 on to “Operation”?')).closest<HTMLElement>('[role="alert"]');
    if (!offer) throw new Error('no offer');
    expect(within(offer).getByText('Operation Date recorded')).toBeTruthy();
    await user.click(within(offer).getByRole('button', { name: 'Set status: Operation' }));

    expect(await screen.findByText('Status changed to Operation')).toBeTruthy();
    const writes = writesOf(fetchMock);
    expect(writes.map(({ path, body }) => [path, body])).toEqual([
      ['/case/updateOperationDetail', { caseId: 12, operationDate: '2026-11-21' }],
      ['/case/updateCase', { caseId: 12, status: 'Operation' }],
    ]);
  });

  it('offer nothing when the status is already as far along', async () => {
    const released = buildCase({ status: 'Released' });
    const { user } = renderCasePage({ step: 4, record: released, replies: { 'POST /api/case/updatePostOperationDetail': { body: { data: released } } } });

    await findStep();
    await user.click(within(panel()).getByRole('button', { name: 'Today – Release Date' }));
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    await screen.findByText('Case saved successfully');
    expect(screen.queryByText(/Move case #12 on to/)).toBeNull();
  });

  it('refuse an operation that ends before it starts, naming the field, and send nothing', async () => {
    const { user, fetchMock } = renderCasePage({ step: 3 });

    await findStep();
    await user.type(field('Operation Start Time'), '10:40');
    await user.type(field('Operation End Time'), '10:00');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Operation End Time (10:00) cannot be before Operation Start Time (10:40)')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Operation End Time')));
    expect(writesOf(fetchMock)).toEqual([]);
  });

  it('refuse a date in the future before saving, naming the field, and send nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 28, 10, 30));
    const { user, fetchMock } = renderCasePage({ step: 3 });

    await findStep();
    await user.type(field('Operation Date'), '10/12/2026');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Operation Date (2026-12-10) is in the future: record only what has happened')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Operation Date')));
    expect(writesOf(fetchMock)).toEqual([]);
  });

  it("refuse a date before another step's stored one before saving, naming both fields, and send nothing", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 28, 10, 30));
    const { user, fetchMock } = renderCasePage({ step: 3, record: buildCase({ reportingDetail: SAVED_REPORTING }) });

    await findStep();
    await user.type(field('Operation Date'), '15/11/2026');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Operation Date (2026-11-15) cannot be before Reported Date (2026-11-20)')).toBeTruthy();
    expect(writesOf(fetchMock)).toEqual([]);
  });

  it('offer no status for a date after today', () => {
    expect(statusSuggestedBy({ operationDate: '2026-12-10' }, 'Reported', '2026-11-28')).toBeNull();
    expect(statusSuggestedBy({ releaseDate: '2026-12-10', operationDate: '2026-11-28' }, 'Reported', '2026-11-28')).toEqual({ status: 'Operation', label: 'field.operationDate' });
  });

  it('take a date typed as dd/mm/yyyy and store it as YYYY-MM-DD', async () => {
    const { user, fetchMock } = renderCasePage({ step: 2, replies: { 'POST /api/case/updateMedicalDetail': { body: { data: buildCase() } } } });

    await findStep();
    await user.type(field('Admission Date'), '05/11/2026');
    await user.click(within(panel()).getByLabelText('Medical History'));
    expect(field('Admission Date').value).toBe('05/11/2026');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    await screen.findByText('Case saved successfully');
    expect(writesOf(fetchMock)[0]?.body).toMatchObject({ caseId: 12, admissionDate: '2026-11-05' });
  });
});
