import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { PostOpDay } from '@rescuedesk/shared';
import { i18n } from '../../../../lib/i18n/i18n';
import { messages as en } from '../../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../../lib/i18n/catalogues/hi';
import { buildCase } from '../../test/case-factory';
import { actionBar, findStep, renderCasePage, writesOf } from '../../test/render-case-page';
import { stubDocumentFonts } from '../../test/stub-document-fonts';

vi.mock('./map-preview', () => ({ default: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

const panel = () => screen.getByRole('tabpanel');
const field = (label: string) => within(panel()).getByLabelText<HTMLInputElement>(new RegExp(`^${label}`));
const base = buildCase();

const DAY: PostOpDay = {
  id: 41,
  caseId: 12,
  dayNumber: 1,
  logDate: '2026-11-22',
  woundState: 'Clean',
  appetite: 'Good',
  temperature: 38.6,
  medication: 'Meloxicam',
  notes: 'Eating well',
  photos: [],
  createdBy: 3,
  createdByName: 'Manoj Manager',
  createdAt: '2026-11-22T08:00:00.000Z',
  updatedAt: '2026-11-22T08:00:00.000Z',
};

describe('the ABC fields of the later steps', () => {
  beforeAll(stubDocumentFonts);
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it("shows the server's collar/tag clash at the field, which takes the focus", async () => {
    const { user } = renderCasePage({
      step: 1,
      replies: { 'POST /api/case/updateAnimalDetail': { status: 409, body: { message: 'Collar/tag number R-17 is already on open case #9.' } } },
    });

    await findStep();
    await user.type(await within(panel()).findByLabelText(/^Collar\/Tag Number/, {}, { timeout: 8_000 }), 'R-17');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(field('Collar/Tag Number').getAttribute('aria-invalid')).toBe('true'));
    expect(within(panel()).getByText('Collar/tag number R-17 is already on open case #9.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Collar/Tag Number')));
  });

  it('asks pregnant and lactating of females only', async () => {
    const { user } = renderCasePage({ step: 1 });

    await findStep();
    expect(within(panel()).getByRole('radiogroup', { name: 'Pregnant' })).toBeTruthy();
    expect(await within(panel()).findByRole('radiogroup', { name: 'Lactating' }, { timeout: 8_000 })).toBeTruthy();
    await user.click(within(within(panel()).getByRole('radiogroup', { name: 'Gender' })).getByRole('radio', { name: 'Male' }));
    expect(within(panel()).queryByRole('radiogroup', { name: 'Pregnant' })).toBeNull();
    expect(within(panel()).queryByRole('radiogroup', { name: 'Lactating' })).toBeNull();
  });

  it('needs the reason when not fit for surgery, and refuses a vaccine given after its expiry, at the fields, sending nothing', async () => {
    const { user, fetchMock } = renderCasePage({ step: 2 });

    await findStep();
    await user.click(within(within(panel()).getByRole('radiogroup', { name: 'Fit for Surgery' })).getByRole('radio', { name: 'No' }));
    await user.type(await within(panel()).findByLabelText(/^Vaccine Expiry Date/, {}, { timeout: 8_000 }), '31/03/2026');
    await user.type(field('Vaccination Date'), '01/04/2026');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    expect(await within(panel()).findByText('Reason Not Fit for Surgery is required when the animal is not fit for surgery')).toBeTruthy();
    expect(within(panel()).getByText(/^Vaccination Date \(01\/04\/2026\) is after the vaccine's expiry date \(31\/03\/2026\)/)).toBeTruthy();
    expect(writesOf(fetchMock)).toEqual([]);
  });

  it("disables an unfit animal's operation fields with a one-line explanation", async () => {
    renderCasePage({ step: 3, record: buildCase({ medicalDetail: { ...base.medicalDetail, fitForSurgery: 'No', unfitReason: 'Lactating', lastModifiedBy: 'Worker' } }) });

    await findStep();
    expect(within(panel()).getByText('This animal is not fit for surgery, so no operation can be recorded.')).toBeTruthy();
    expect(field('Operation Date').matches(':disabled')).toBe(true);
  });

  it('asks for the override reason when the server refuses a release beyond the limit, and marks a flagged case with its distance', async () => {
    const refused = "The release point is 900 m from the capture point, farther than this NGO's limit of 500 m: fill in Reason for Release Away from Capture Point to record it";
    const { user } = renderCasePage({ step: 4, replies: { 'POST /api/case/updatePostOperationDetail': { status: 422, body: { message: refused } } } });

    await findStep();
    expect(within(panel()).queryByLabelText(/^Reason for Release Away/)).toBeNull();
    await user.type(await within(panel()).findByLabelText(/^Release Latitude/, {}, { timeout: 8_000 }), '12.98');
    await user.type(field('Release Longitude'), '77.59');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    const reason = await within(panel()).findByLabelText<HTMLTextAreaElement>(/^Reason for Release Away/);
    expect(within(panel()).getByText(refused)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(reason));
  });

  it('marks a flagged case with its distance and keeps its reason shown', async () => {
    const flagged = buildCase({
      releaseDistanceM: 900,
      releaseFlagged: true,
      postOperationDetail: { ...base.postOperationDetail, releaseLatitude: 12.98, releaseLongitude: 77.59, releaseOverrideReason: 'Feeder moved', lastModifiedBy: 'Manager' },
    });
    renderCasePage({ step: 4, record: flagged });

    await findStep();
    expect(await screen.findByText("Flagged: released beyond the NGO's limit", {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('900 m from the capture point')).toBeTruthy();
    expect(field('Reason for Release Away').value).toBe('Feeder moved');
  });

  it('lists the daily log and adds a day on its own, with the next day number', async () => {
    const withDay = buildCase({ postOpDays: [DAY], operationDetail: { ...base.operationDetail, operationDate: '2026-11-21', lastModifiedBy: 'Manager' } });
    const { user, fetchMock } = renderCasePage({
      step: 4,
      record: withDay,
      replies: { 'POST /api/case/addPostOpDay': { body: { data: { ...withDay, postOpDays: [DAY, { ...DAY, id: 42, dayNumber: 2, temperature: 38.4 }] } } } },
    });

    await findStep();
    expect(await screen.findByText('Day 1 · 22/11/2026', {}, { timeout: 8_000 })).toBeTruthy();
    expect(screen.getByText('Wound: Clean')).toBeTruthy();
    expect(screen.getByText('38.6 °C')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add day' }));
    expect(screen.getByLabelText<HTMLInputElement>(/^Day Number/).value).toBe('2');
    await user.type(screen.getByLabelText(/^Temperature \(°C\)/), '38.4');
    await user.click(screen.getAllByRole('button', { name: 'Save' }).find((button) => !actionBar().contains(button)) ?? panel());

    expect(await screen.findByText('Day 2', { exact: false })).toBeTruthy();
    const add = writesOf(fetchMock).find(({ path }) => path === '/case/addPostOpDay');
    expect(add?.body).toMatchObject({ caseId: 12, dayNumber: 2, temperature: 38.4 });
    expect(add?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('saves a day typed in the log and not saved yet with the step on Save, with the next day number', async () => {
    const withDay = buildCase({ postOpDays: [DAY] });
    const { user, fetchMock } = renderCasePage({
      step: 4,
      record: withDay,
      replies: {
        'POST /api/case/updatePostOperationDetail': { body: { data: withDay } },
        'POST /api/case/addPostOpDay': { body: { data: { ...withDay, postOpDays: [DAY, { ...DAY, id: 42, dayNumber: 2, temperature: 38.4 }] } } },
      },
    });

    await findStep();
    await user.click(await screen.findByRole('button', { name: 'Add day' }, { timeout: 8_000 }));
    await user.type(screen.getByLabelText(/^Temperature \(°C\)/), '38.4');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Day 2', { exact: false }, { timeout: 8_000 })).toBeTruthy();
    const add = writesOf(fetchMock).find(({ path }) => path === '/case/addPostOpDay');
    expect(add?.body).toMatchObject({ caseId: 12, dayNumber: 2, temperature: 38.4 });
  });

  it('saves a day typed in the log on Save & Exit before leaving', async () => {
    const withDay = buildCase({ postOpDays: [DAY] });
    const { user, fetchMock, onExit } = renderCasePage({
      step: 4,
      record: withDay,
      replies: {
        'POST /api/case/updatePostOperationDetail': { body: { data: withDay } },
        'POST /api/case/addPostOpDay': { body: { data: { ...withDay, postOpDays: [DAY, { ...DAY, id: 42, dayNumber: 2, medication: 'Tramadol' }] } } },
      },
    });

    await findStep();
    await user.click(await screen.findByRole('button', { name: 'Add day' }, { timeout: 8_000 }));
    await user.type(screen.getByLabelText(/^Medication/), 'Tramadol');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save & Exit' }));

    await waitFor(() => expect(onExit).toHaveBeenCalledWith(12), { timeout: 8_000 });
    const add = writesOf(fetchMock).find(({ path }) => path === '/case/addPostOpDay');
    expect(add?.body).toMatchObject({ caseId: 12, dayNumber: 2, medication: 'Tramadol' });
  });

  it("asks 'Discard unsaved changes?' on Exit while a day typed in the log is not saved", async () => {
    const { user } = renderCasePage({ step: 4, record: buildCase({ postOpDays: [DAY] }), guarded: true });

    await findStep();
    await user.click(await screen.findByRole('button', { name: 'Add day' }, { timeout: 8_000 }));
    await user.type(screen.getByLabelText(/^Medication/), 'Tramadol');
    await user.click(within(actionBar()).getByRole('link', { name: 'Exit' }));

    expect(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).toBeTruthy();
  });

  it('shows a day number already in the log at the day field, in Hindi too', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    const taken = 'इस केस की ऑपरेशन के बाद की देखभाल में दिन 2 पहले से दर्ज है।';
    const { user } = renderCasePage({ step: 4, record: buildCase({ postOpDays: [DAY] }), replies: { 'POST /api/case/addPostOpDay': { status: 409, body: { message: taken } } } });

    await findStep();
    await user.click(await screen.findByRole('button', { name: 'दिन जोड़ें' }, { timeout: 8_000 }));
    const dayNumber = screen.getByLabelText<HTMLInputElement>(/^दिन नंबर/);
    const bar = screen.getByRole('group', { name: 'केस पर कार्रवाई' });
    await user.click(screen.getAllByRole('button', { name: 'सेव करें' }).find((button) => !bar.contains(button)) ?? panel());

    await waitFor(() => expect(dayNumber.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(taken)).toBeTruthy();
  });

  it('reads in Hindi', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    renderCasePage({ step: 4, record: buildCase({ postOpDays: [DAY] }) });

    await findStep();
    expect(await screen.findByText('ऑपरेशन के बाद रोज़ की देखभाल', {}, { timeout: 8_000 })).toBeTruthy();
    expect(screen.getByText('दिन 1 · 22/11/2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'दिन जोड़ें' })).toBeTruthy();
  });
});
