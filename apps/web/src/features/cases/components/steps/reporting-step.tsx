import { UpdateReportingDetailInputSchema, type Case, type REQUIRED_REPORTING_FIELDS } from '@rescuedesk/shared';
import { ImageUploader } from '../../../../components/images/image-uploader';
import { useUpdateCaseStep } from '../../api/update-case-step';
import { DateTimeField, TextField } from './step-fields';
import { StepForm } from './step-form';
import type { StepProps } from './step-navigation';
import { currentTime, isFresh, textOf, today } from './step-values';
import { stepRules, useStepForm } from './use-step-form';

const StepSchema = UpdateReportingDetailInputSchema.omit({ caseId: true });

/** Spec section 5: the reporter step cannot be saved without these. */
const REQUIRED_LABELS: Record<(typeof REQUIRED_REPORTING_FIELDS)[number], string> = {
  reporterName: 'Reporter Name',
  reporterContact: 'Phone Number',
  location: 'Location',
  pincode: 'Pincode',
  landmark: 'Landmark',
  reportedDate: 'Reported Date',
  reportedTime: 'Reported Time',
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
  const { form, images, frame } = useStepForm({ caseRecord, navigation, detail: caseRecord.reportingDetail, valuesOf, rules: RULES, save: useUpdateCaseStep('reportingDetail') });

  const input = form.getInputProps;
  return (
    <StepForm
      {...frame}
      fields={
        <>
          <TextField label="Reporter Name" required autoComplete="off" inputProps={input('reporterName')} />
          <TextField label="Phone Number" required type="tel" inputMode="tel" autoComplete="off" inputProps={input('reporterContact')} />
          <TextField label="Alternate Phone Number" type="tel" inputMode="tel" autoComplete="off" inputProps={input('reporterAltContact')} />
          <TextField label="Email" type="email" inputMode="email" autoComplete="off" inputProps={input('reporterEmail')} />
          <TextField label="Location" required autoComplete="off" inputProps={input('location')} />
          <TextField label="Landmark" required autoComplete="off" inputProps={input('landmark')} />
          <TextField label="Pincode" required inputMode="numeric" maxLength={6} autoComplete="off" inputProps={input('pincode')} />
          <DateTimeField kind="date" label="Reported Date" required inputProps={input('reportedDate')} />
          <DateTimeField kind="time" label="Reported Time" required inputProps={input('reportedTime')} />
          <DateTimeField kind="date" label="Pickup Date" inputProps={input('pickupDate')} />
          <DateTimeField kind="time" label="Pickup Time" inputProps={input('pickupTime')} />
        </>
      }
      photos={
        <>
          <ImageUploader size="md" label="Consent Form" fieldName="consentFormImage" maxImages={20} {...images.field('consentFormImage')} />
          <ImageUploader size="md" multiple={false} label="Verification ID (front)" fieldName="verificationIdFrontImage" {...images.field('verificationIdFrontImage')} />
          <ImageUploader size="md" multiple={false} label="Verification ID (back)" fieldName="verificationIdBackImage" {...images.field('verificationIdBackImage')} />
        </>
      }
    />
  );
}
