import { FRESH_CASE_DEFAULTS, UpdateMedicalDetailInputSchema, type Case } from '@rescuedesk/shared';
import { ImageUploader } from '../../../../components/images/image-uploader';
import { useT } from '../../../../lib/i18n/use-t';
import { ChoiceField, DateField, LongTextField } from './step-fields';
import { StepForm } from './step-form';
import type { StepProps } from './step-navigation';
import { isFresh, textOf } from './step-values';
import { stepRules, useStepForm } from './use-step-form';

const StepSchema = UpdateMedicalDetailInputSchema.omit({ caseId: true });
const RULES = stepRules(StepSchema);

/**
 * The admission date, vaccination and deworming record events: empty until the user fills them.
 * Fitness for surgery describes the animal and starts with the usual answer.
 */
function valuesOf(detail: Case['medicalDetail']) {
  const fresh = isFresh(detail);
  return {
    admissionDate: textOf(detail.admissionDate),
    vaccinationStatus: textOf(detail.vaccinationStatus),
    dewormed: textOf(detail.dewormed),
    fitForSurgery: textOf(detail.fitForSurgery, fresh ? FRESH_CASE_DEFAULTS.fitForSurgery : ''),
    medicalHistory: textOf(detail.medicalHistory),
    otherDetails: textOf(detail.otherDetails),
    feedingRecordImage: detail.feedingRecordImage ?? [],
    bloodReportImage: detail.bloodReportImage ?? [],
  };
}

/** Step 3, Medical Details: history, vaccination, deworming, fitness for surgery, records. */
export function MedicalStep({ caseRecord }: StepProps) {
  const t = useT();
  const { form, images, frame } = useStepForm({ step: 'medicalDetail', caseRecord, detail: caseRecord.medicalDetail, valuesOf, rules: RULES });

  const input = form.getInputProps;
  return (
    <StepForm
      {...frame}
      fields={
        <>
          <DateField label={t('field.admissionDate')} inputProps={input('admissionDate')} />
          <ChoiceField label={t('field.fitForSurgery')} options="fitForSurgery" inputProps={input('fitForSurgery')} />
          <ChoiceField label={t('field.vaccinationStatus')} options="treatment" inputProps={input('vaccinationStatus')} />
          <ChoiceField label={t('field.dewormed')} options="treatment" inputProps={input('dewormed')} />
          <LongTextField label={t('field.medicalHistory')} inputProps={input('medicalHistory')} />
          <LongTextField label={t('field.otherDetails')} inputProps={input('otherDetails')} />
        </>
      }
      photos={
        <>
          <ImageUploader size="md" label={t('field.feedingRecordImage')} fieldName="FeedingRecord" maxImages={20} {...images.field('feedingRecordImage')} />
          <ImageUploader size="md" label={t('field.bloodReportImage')} fieldName="BloodReport" maxImages={20} {...images.field('bloodReportImage')} />
        </>
      }
    />
  );
}
