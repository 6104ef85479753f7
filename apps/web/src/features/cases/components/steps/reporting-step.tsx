import { UpdateReportingDetailInputSchema, type Case, type MessageKey, type REQUIRED_REPORTING_FIELDS } from '@rescuedesk/shared';
import { ImageUploader } from '../../../../components/images/image-uploader';
import { useT } from '../../../../lib/i18n/use-t';
import { useUpdateCaseStep } from '../../api/update-case-step';
import { DateTimeField, TextField } from './step-fields';
import { StepForm } from './step-form';
import type { StepProps } from './step-navigation';
import { currentTime, isFresh, textOf, today } from './step-values';
import { stepRules, useStepForm } from './use-step-form';

const StepSchema = UpdateReportingDetailInputSchema.omit({ caseId: true });

/** Spec section 5: the reporter step cannot be saved without these (each with its label's key). */
const REQUIRED_LABELS: Record<(typeof REQUIRED_REPORTING_FIELDS)[number], MessageKey> = {
  reporterName: 'field.reporterName',
  reporterContact: 'field.reporterContact',
  location: 'field.location',
  pincode: 'field.pincode',
  landmark: 'field.landmark',
  reportedDate: 'field.reportedDate',
  reportedTime: 'field.reportedTime',
};

const RULES = stepRules(StepSchema, REQUIRED_LABELS);

function valuesOf(detail: Case['reportingDetail']) {
  const fresh = isFresh(detail);
  return {
    reporterName: textOf(detail.reporterName),
    reporterContact: textOf(detail.reporterContact),
    reporterAltContact: textOf(detail.reporterAltContact),
    reporterEmail: textOf(detail.reporterEmail),
    location: textOf(detail.location),
    landmark: textOf(detail.landmark),
    pincode: textOf(detail.pincode),
    reportedDate: textOf(detail.reportedDate, fresh ? today() : ''),
    reportedTime: textOf(detail.reportedTime, fresh ? currentTime() : ''),
    pickupDate: textOf(detail.pickupDate, fresh ? today() : ''),
    pickupTime: textOf(detail.pickupTime, fresh ? currentTime() : ''),
    consentFormImage: detail.consentFormImage ?? [],
    verificationIdFrontImage: detail.verificationIdFrontImage,
    verificationIdBackImage: detail.verificationIdBackImage,
  };
}

/** Step 1, Reporter Details: who reported the animal, where and when. */
export function ReportingStep({ caseRecord, navigation }: StepProps) {
  const t = useT();
  const { form, images, frame } = useStepForm({ caseRecord, navigation, detail: caseRecord.reportingDetail, valuesOf, rules: RULES, save: useUpdateCaseStep('reportingDetail') });

  const input = form.getInputProps;
  return (
    <StepForm
      {...frame}
      fields={
        <>
          <TextField label={t('field.reporterName')} required autoComplete="off" inputProps={input('reporterName')} />
          <TextField label={t('field.reporterContact')} required type="tel" inputMode="tel" autoComplete="off" inputProps={input('reporterContact')} />
          <TextField label={t('field.reporterAltContact')} type="tel" inputMode="tel" autoComplete="off" inputProps={input('reporterAltContact')} />
          <TextField label={t('field.reporterEmail')} type="email" inputMode="email" autoComplete="off" inputProps={input('reporterEmail')} />
          <TextField label={t('field.location')} required autoComplete="off" inputProps={input('location')} />
          <TextField label={t('field.landmark')} required autoComplete="off" inputProps={input('landmark')} />
          <TextField label={t('field.pincode')} required inputMode="numeric" maxLength={6} autoComplete="off" inputProps={input('pincode')} />
          <DateTimeField kind="date" label={t('field.reportedDate')} required inputProps={input('reportedDate')} />
          <DateTimeField kind="time" label={t('field.reportedTime')} required inputProps={input('reportedTime')} />
          <DateTimeField kind="date" label={t('field.pickupDate')} inputProps={input('pickupDate')} />
          <DateTimeField kind="time" label={t('field.pickupTime')} inputProps={input('pickupTime')} />
        </>
      }
      photos={
        <>
          <ImageUploader size="md" label={t('field.consentFormImage')} fieldName="consentFormImage" maxImages={20} {...images.field('consentFormImage')} />
          <ImageUploader size="md" multiple={false} label={t('field.verificationIdFrontImage')} fieldName="verificationIdFrontImage" {...images.field('verificationIdFrontImage')} />
          <ImageUploader size="md" multiple={false} label={t('field.verificationIdBackImage')} fieldName="verificationIdBackImage" {...images.field('verificationIdBackImage')} />
        </>
      }
    />
  );
}
