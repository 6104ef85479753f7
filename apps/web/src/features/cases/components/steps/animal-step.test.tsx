import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { FRESH_CASE_DEFAULTS } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../../test/render';
import { stubFetch } from '../../../../../test/fetch';
import { buildCase } from '../../test/case-factory';
import { stubDocumentFonts } from '../../test/stub-document-fonts';
import { AnimalStep } from './animal-step';
import type { StepNavigation } from './step-navigation';

function navigation(): StepNavigation {
  return { number: 2, count: 5, isFirst: false, isLast: false, onPrevious: vi.fn(), onNext: vi.fn(), onExit: vi.fn() };
}

const select = (label: string) => screen.getByRole<HTMLInputElement>('combobox', { name: label });

describe('AnimalStep', () => {
  beforeAll(stubDocumentFonts);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("starts a fresh step from the spec's defaults and saves them with what was typed", async () => {
    const fetchMock = stubFetch({ 'POST /api/case/updateAnimalDetail': { body: { data: buildCase() } } });
    const nav = navigation();
    const { user } = renderWithProviders(<AnimalStep caseRecord={buildCase()} navigation={nav} />);

    expect(select('Species').value).toBe('Dog');
    expect(select('Breed').value).toBe('Indie');
    expect(select('Age').value).toBe('1-5 Yrs');
    expect(select('Temperament').value).toBe('Scared');
    expect(select('Gender').value).toBe('Female');
    expect(select('Pregnant').value).toBe('No');
    expect(select('Catchable').value).toBe('Yes');

    await user.click(screen.getByLabelText('Animal ID'));
    await user.paste('BLR-0042');
    await user.click(screen.getByLabelText('Weight (kg)'));
    await user.paste('12.5');
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));

    await waitFor(() => expect(nav.onNext).toHaveBeenCalledOnce(), { timeout: 5_000 });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ caseId: 12, uniqueID: 'BLR-0042', animalWeight: 12.5, ...FRESH_CASE_DEFAULTS_FOR_ANIMAL });
  });

  it('keeps a saved step as stored: a cleared choice does not come back as a default', () => {
    const animalDetail = { ...buildCase().animalDetail, animalSpecies: 'Cat' as const, lastModifiedBy: 'Worker' };
    renderWithProviders(<AnimalStep caseRecord={buildCase({ animalDetail })} navigation={navigation()} />);

    expect(select('Species').value).toBe('Cat');
    expect(select('Breed').value).toBe('');
  });

  it('refuses a weight that is not a number, naming the field', async () => {
    const fetchMock = stubFetch({});
    const { user } = renderWithProviders(<AnimalStep caseRecord={buildCase()} navigation={navigation()} />);

    await user.click(screen.getByLabelText('Weight (kg)'));
    await user.paste('heavy');
    await user.click(screen.getByRole('button', { name: 'Save & Exit' }));

    expect(await screen.findByText('Weight must be a number')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
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
