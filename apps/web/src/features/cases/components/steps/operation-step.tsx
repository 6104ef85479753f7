import { Autocomplete } from '@mantine/core';
import { FRESH_CASE_DEFAULTS, UpdateOperationDetailInputSchema, type Case } from '@rescuedesk/shared';
import { ImageUploader } from '../../../../components/images/image-uploader';
import { useT } from '../../../../lib/i18n/use-t';
import { useVetNames } from '../../api/get-vet-names';
import { useUpdateCaseStep } from '../../api/update-case-step';
import { ChoiceField, DateTimeField } from './step-fields';
import { StepForm } from './step-form';
import type { StepProps } from './step-navigation';
import { FIELD_SIZE, currentTime, isFresh, textOf, today } from './step-values';
import { stepRules, useStepForm } from './use-step-form';

const StepSchema = UpdateOperationDetailInputSchema.omit({ caseId: true });
const RULES = stepRules(StepSchema);

function valuesOf(detail: Case['operationDetail']) {
  const fresh = isFresh(detail);
  const or = (value: string | null, fallback: string) => textOf(value, fresh ? fallback : '');
  return {
    vetName: textOf(detail.vetName),
    operationDate: or(detail.operationDate, today()),
    operationStartTime: or(detail.operationStartTime, currentTime()),
    operationEndTime: or(detail.operationEndTime, currentTime()),
    operationOutcome: or(detail.operationOutcome, FRESH_CASE_DEFAULTS.operationOutcome),
    medicalPrescriptionImage: detail.medicalPrescriptionImage ?? [],
    treatmentRecordImage: detail.treatmentRecordImage ?? [],
    organImage: detail.organImage ?? [],
  };
}

/** Step 4, Operation Details: the surgery, who did it, when, how it went, and its records. */
export function OperationStep({ caseRecord, navigation }: StepProps) {
  const t = useT();
  const { form, images, frame } = useStepForm({ caseRecord, navigation, detail: caseRecord.operationDetail, valuesOf, rules: RULES, save: useUpdateCaseStep('operationDetail') });
  const vetNames = useVetNames(caseRecord.id);

  const input = form.getInputProps;
  return (
    <StepForm
      {...frame}
      fields={
        <>
          <Autocomplete
            size={FIELD_SIZE}
            label={t('field.vetName')}
            placeholder={t('cases.step.vetPlaceholder')}
            description={vetNames.isError ? t('cases.step.vetsFailed') : undefined}
            data={vetNames.data ?? []}
            autoComplete="off"
            {...input('vetName')}
          />
          <DateTimeField kind="date" label={t('field.operationDate')} inputProps={input('operationDate')} />
          <DateTimeField kind="time" label={t('field.operationStartTime')} inputProps={input('operationStartTime')} />
          <DateTimeField kind="time" label={t('field.operationEndTime')} inputProps={input('operationEndTime')} />
          <ChoiceField label={t('field.operationOutcome')} options="operationOutcome" inputProps={input('operationOutcome')} />
        </>
      }
      photos={
        <>
          <ImageUploader size="md" label={t('field.medicalPrescriptionImage')} fieldName="MedPresc" maxImages={20} {...images.field('medicalPrescriptionImage')} />
          <ImageUploader size="md" label={t('field.treatmentRecordImage')} fieldName="TreatmentRec" maxImages={20} {...images.field('treatmentRecordImage')} />
          <ImageUploader size="md" label={t('field.organImage')} fieldName="OrganPic" maxImages={20} {...images.field('organImage')} />
        </>
      }
    />
  );
}
