import { FRESH_CASE_DEFAULTS, UpdateAnimalDetailInputSchema, type Case } from '@rescuedesk/shared';
import type { FormErrors } from '@mantine/form';
import { ImageUploader } from '../../../../components/images/image-uploader';
import { t as translate } from '../../../../lib/i18n/i18n';
import { useT } from '../../../../lib/i18n/use-t';
import { AbcSection, anyFilled } from './abc-section';
import { ChoiceField, LongTextField, TextField } from './step-fields';
import { StepForm } from './step-form';
import type { StepProps } from './step-navigation';
import { isFresh, textOf } from './step-values';
import { stepRules, useStepForm } from './use-step-form';

const StepSchema = UpdateAnimalDetailInputSchema.omit({ caseId: true });
/** The server's rule, checked here first: a male animal is not pregnant or lactating (those fields are hidden for him). */
export function sexProblem(values: Record<string, unknown>): FormErrors {
  if (values.animalGender !== 'Male') return {};
  const field = values.animalPregnant === 'Yes' ? 'animalPregnant' : values.animalLactating === 'Yes' ? 'animalLactating' : null;
  return field ? { animalGender: translate('validation.maleNotPregnant', { field: translate(field === 'animalPregnant' ? 'field.animalPregnant' : 'field.animalLactating') }) } : {};
}

const RULES = stepRules(StepSchema, {}, sexProblem);

/** A fresh step shows the usual answers for the animal (docs/product.md, "Defaults"); saving the step confirms them. */
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
    collarTag: textOf(detail.collarTag),
    earNotch: textOf(detail.earNotch),
    animalLactating: textOf(detail.animalLactating),
  };
}

/** Step 2, Animal Details: which animal, how it looks and behaves, and its pictures. */
export function AnimalStep({ caseRecord }: StepProps) {
  const t = useT();
  const { form, images, frame } = useStepForm({ step: 'animalDetail', caseRecord, detail: caseRecord.animalDetail, valuesOf, rules: RULES });

  const input = form.getInputProps;
  // Pregnant and lactating are asked of females only (the server refuses them for a male).
  const female = form.values.animalGender === 'Female';
  const detail = caseRecord.animalDetail;
  return (
    <StepForm
      {...frame}
      fields={
        <>
          <ChoiceField label={t('field.animalGender')} options="gender" inputProps={input('animalGender')} />
          <ChoiceField label={t('field.animalSpecies')} options="species" inputProps={input('animalSpecies')} />
          <ChoiceField label={t('field.animalBreed')} options="breed" inputProps={input('animalBreed')} />
          <ChoiceField label={t('field.animalAge')} options="age" inputProps={input('animalAge')} />
          <ChoiceField label={t('field.animalTemperament')} options="temperament" inputProps={input('animalTemperament')} />
          {female ? <ChoiceField label={t('field.animalPregnant')} options="pregnant" inputProps={input('animalPregnant')} /> : null}
          <ChoiceField label={t('field.animalCatchable')} options="yesNo" inputProps={input('animalCatchable')} />
          <TextField label={t('field.uniqueID')} autoComplete="off" inputProps={input('uniqueID')} />
          <TextField label={t('cases.step.weightKg')} inputMode="decimal" autoComplete="off" inputProps={input('animalWeight')} />
          <TextField label={t('field.animalColor')} autoComplete="off" inputProps={input('animalColor')} />
          <TextField label={t('field.animalMarking')} autoComplete="off" inputProps={input('animalMarking')} />
          <LongTextField label={t('field.admissionReason')} inputProps={input('admissionReason')} />
        </>
      }
      sections={
        <AbcSection caseRecord={caseRecord} title={t('cases.abc.identification')} filled={anyFilled(detail.collarTag, detail.earNotch, detail.animalLactating)}>
          <TextField label={t('field.collarTag')} autoComplete="off" inputProps={input('collarTag')} />
          <ChoiceField label={t('field.earNotch')} options="earNotch" inputProps={input('earNotch')} />
          {female ? <ChoiceField label={t('field.animalLactating')} options="lactating" inputProps={input('animalLactating')} /> : null}
        </AbcSection>
      }
      photos={
        <ImageUploader size="md" label={t('field.animalPictures')} fieldName="AnimalPictures" maxImages={30} {...images.field('animalPictures')} />
      }
    />
  );
}
