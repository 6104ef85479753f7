import {
  ANIMAL_AGES,
  BREEDS,
  FRESH_CASE_DEFAULTS,
  GENDERS,
  PREGNANT_OPTIONS,
  SPECIES,
  TEMPERAMENTS,
  UpdateAnimalDetailInputSchema,
  YES_NO,
  type Case,
} from '@rescuedesk/shared';
import { ImageUploader } from '../../../../components/images/image-uploader';
import { useUpdateCaseStep } from '../../api/update-case-step';
import { ChoiceField, LongTextField, TextField } from './step-fields';
import { StepForm } from './step-form';
import type { StepProps } from './step-navigation';
import { isFresh, textOf } from './step-values';
import { stepRules, useStepForm } from './use-step-form';

const StepSchema = UpdateAnimalDetailInputSchema.omit({ caseId: true });
const RULES = stepRules(StepSchema);

function valuesOf(detail: Case['animalDetail']) {
  const fresh = isFresh(detail);
  const or = (value: string | null, fallback: string) => textOf(value, fresh ? fallback : '');
  return {
    uniqueID: textOf(detail.uniqueID),
    animalSpecies: or(detail.animalSpecies, FRESH_CASE_DEFAULTS.animalSpecies),
    animalBreed: or(detail.animalBreed, FRESH_CASE_DEFAULTS.animalBreed),
    animalAge: or(detail.animalAge, FRESH_CASE_DEFAULTS.animalAge),
    animalTemperament: or(detail.animalTemperament, FRESH_CASE_DEFAULTS.animalTemperament),
    animalGender: or(detail.animalGender, FRESH_CASE_DEFAULTS.animalGender),
    animalPregnant: or(detail.animalPregnant, FRESH_CASE_DEFAULTS.animalPregnant),
    animalMarking: textOf(detail.animalMarking),
    animalColor: textOf(detail.animalColor),
    animalCatchable: or(detail.animalCatchable, FRESH_CASE_DEFAULTS.animalCatchable),
    animalWeight: textOf(detail.animalWeight),
    admissionReason: textOf(detail.admissionReason),
    animalPictures: detail.animalPictures ?? [],
  };
}

/** Step 2, Animal Details: which animal, how it looks and behaves, and its pictures. */
export function AnimalStep({ caseRecord, navigation }: StepProps) {
  const { form, images, frame } = useStepForm({ caseRecord, navigation, detail: caseRecord.animalDetail, valuesOf, rules: RULES, save: useUpdateCaseStep('animalDetail') });

  const input = form.getInputProps;
  return (
    <StepForm
      {...frame}
      fields={
        <>
          <TextField label="Animal ID" autoComplete="off" inputProps={input('uniqueID')} />
          <ChoiceField label="Species" options={SPECIES} inputProps={input('animalSpecies')} />
          <ChoiceField label="Breed" options={BREEDS} inputProps={input('animalBreed')} />
          <ChoiceField label="Age" options={ANIMAL_AGES} inputProps={input('animalAge')} />
          <ChoiceField label="Temperament" options={TEMPERAMENTS} inputProps={input('animalTemperament')} />
          <ChoiceField label="Gender" options={GENDERS} inputProps={input('animalGender')} />
          <ChoiceField label="Pregnant" options={PREGNANT_OPTIONS} inputProps={input('animalPregnant')} />
          <ChoiceField label="Catchable" options={YES_NO} inputProps={input('animalCatchable')} />
          <TextField label="Weight (kg)" inputMode="decimal" autoComplete="off" inputProps={input('animalWeight')} />
          <TextField label="Colour" autoComplete="off" inputProps={input('animalColor')} />
          <TextField label="Marking" autoComplete="off" inputProps={input('animalMarking')} />
          <LongTextField label="Admission Reason" inputProps={input('admissionReason')} />
        </>
      }
      photos={
        <ImageUploader size="md" label="Animal Pictures" fieldName="AnimalPictures" maxImages={30} {...images.field('animalPictures')} />
      }
    />
  );
}
