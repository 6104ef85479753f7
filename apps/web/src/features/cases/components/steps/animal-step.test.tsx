import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { FRESH_CASE_DEFAULTS } from '@rescuedesk/shared';
import { buildCase } from '../../test/case-factory';
import { actionBar, renderCasePage, writesOf, findStep } from '../../test/render-case-page';
import { stubDocumentFonts } from '../../test/stub-document-fonts';

const panel = () => screen.getByRole('tabpanel');
const select = (label: string) => within(panel()).getByRole<HTMLInputElement>('combobox', { name: label });
/** The option chosen in a short list shown as buttons. */
const chosen = (label: string) =>
  within(within(panel()).getByRole('radiogroup', { name: label }))
    .getAllByRole('radio')
    .filter((radio) => radio.getAttribute('aria-checked') === 'true')
    .map((radio) => radio.textContent);

describe('AnimalStep', () => {
  beforeAll(stubDocumentFonts);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("starts a fresh step from the animal's usual answers and saves them with what was typed", async () => {
    const { user, fetchMock } = renderCasePage({ step: 1, replies: { 'POST /api/case/updateAnimalDetail': { body: { data: buildCase() } } } });

    await findStep();
    expect(select('Species').value).toBe('Dog');
    expect(chosen('Breed')).toEqual(['Indie']);
    expect(select('Age').value).toBe('1-5 Yrs');
    expect(select('Temperament').value).toBe('Scared');
    expect(chosen('Gender')).toEqual(['Female']);
    expect(chosen('Pregnant')).toEqual(['No']);
    expect(chosen('Catchable')).toEqual(['Yes']);

    await user.click(within(panel()).getByRole('radio', { name: 'Male' }));
    await user.click(within(panel()).getByLabelText('Animal ID'));
    await user.paste('BLR-0042');
    await user.click(within(panel()).getByLabelText('Weight (kg)'));
    await user.paste('12.5');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save & Next' }));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'Medical Details' }).getAttribute('aria-selected')).toBe('true'), { timeout: 15_000 });
    expect(writesOf(fetchMock).map(({ body }) => body)).toEqual([{ caseId: 12, uniqueID: 'BLR-0042', animalWeight: 12.5, ...FRESH_CASE_DEFAULTS_FOR_ANIMAL, animalGender: 'Male' }]);
  });

  it('keeps a saved step as stored: a cleared choice does not come back as a default', async () => {
    const animalDetail = { ...buildCase().animalDetail, animalSpecies: 'Cat' as const, lastModifiedBy: 'Worker' };
    renderCasePage({ step: 1, record: buildCase({ animalDetail }) });

    await findStep();
    expect(select('Species').value).toBe('Cat');
    expect(chosen('Breed')).toEqual([]);
  });

  it('clears an optional choice when its chosen button is tapped again', async () => {
    const { user } = renderCasePage({ step: 1 });

    await findStep();
    await user.click(within(panel()).getByRole('radio', { name: 'Female' }));
    expect(chosen('Gender')).toEqual([]);
  });

  it('refuses a weight that is not a number, naming the field', async () => {
    const { user, fetchMock } = renderCasePage({ step: 1 });

    await findStep();
    await user.click(within(panel()).getByLabelText('Weight (kg)'));
    await user.paste('heavy');
    await user.click(within(actionBar()).getByRole('button', { name: 'Save & Exit' }));

    expect(await screen.findByText('Weight must be a number')).toBeTruthy();
    expect(writesOf(fetchMock)).toEqual([]);
  });
});

const FRESH_CASE_DEFAULTS_FOR_ANIMAL = {
  animalSpecies: FRESH_CASE_DEFAULTS.animalSpecies,
  animalBreed: FRESH_CASE_DEFAULTS.animalBreed,
  animalAge: FRESH_CASE_DEFAULTS.animalAge,
  animalTemperament: FRESH_CASE_DEFAULTS.animalTemperament,
  animalGender: FRESH_CASE_DEFAULTS.animalGender,
  animalPregnant: FRESH_CASE_DEFAULTS.animalPregnant,
  animalCatchable: FRESH_CASE_DEFAULTS.animalCatchable,
};
