import { FRESH_CASE_DEFAULTS, UpdateMedicalDetailInputSchema, type Case } from '@rescuedesk/shared';
import { ImageUploader } from '../../../../components/images/image-uploader';
import { useT } from '../../../../lib/i18n/use-t';
import { useUpdateCaseStep } from '../../api/update-case-step';
import { ChoiceField, DateTimeField, LongTextField } from './step-fields';
import { StepForm } from './step-form';
import type { StepProps } from './step-navigation';
import { isFresh, textOf, today } from './step-values';
import { stepRules, useStepForm } from './use-step-form';

const StepSchema = UpdateMedicalDetailInputSchema.omit({ caseId: true });
const RULES = stepRules(StepSchema);

function valuesOf(detail: Case['medicalDetail']) {
  const fresh = isFresh(detail);
  const or = (value: string | null, fallback: string) => textOf(value, fresh ? fallback : '');
  return {
    admissionDate: or(detail.admissionDate, today()),
    vaccinationStatus: or(detail.vaccinationStatus, FRESH_CASE_DEFAULTS.vaccinationStatus),
    dewormed: or(detail.dewormed, FRESH_CASE_DEFAULTS.dewormed),
    fitForSurgery: or(detail.fitForSurgery, FRESH_CASE_DEFAULTS.fitForSurgery),
    medicalHistory: textOf(detail.medicalHistory),
    otherDetails: textOf(detail.otherDetails),
    feedingRecordImage: detail.feedingRecordImage ?? [],
    bloodReportImage: detail.bloodReportImage ?? [],
  };
}

/** Step 3, Medical Details: history, vaccination, deworming, fitness for surgery, records. */
export function MedicalStep({ caseRecord, navigation }: StepProps) {
  const t = useT();
  const { form, images, frame } = useStepForm({ caseRecord, navigation, detail: caseRecord.medicalDetail, valuesOf, rules: RULES, save: useUpdateCaseStep('medicalDetail') });

  const input = form.getInputProps;
  return (
    <StepForm
      {...frame}
      fields={
        <>
          <DateTimeField kind="date" label={t('field.admissionDate')} inputProps={input('admissionDate')} />
          <ChoiceField label={t('field.vaccinationStatus')} options="treatment" inputProps={input('vaccinationStatus')} />
          <ChoiceField label={t('field.dewormed')} options="treatment" inputProps={input('dewormed')} />
          <ChoiceField label={t('field.fitForSurgery')} options="fitForSurgery" inputProps={input('fitForSurgery')} />
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
