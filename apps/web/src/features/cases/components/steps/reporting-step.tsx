import { useForm, type FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { MESSAGES, UpdateReportingDetailInputSchema, type Case, type REQUIRED_REPORTING_FIELDS } from '@rescuedesk/shared';
import { ImageUploader } from '../../../../components/images/image-uploader';
import { useValidationAfterSubmit } from '../../../../hooks/use-validation-after-submit';
import { notifyError } from '../../../../lib/notify';
import { useUpdateReportingDetail } from '../../api/update-reporting-detail';
import { DateTimeField, TextField } from './step-fields';
import { StepForm } from './step-form';
import { useSaveIntent, type StepProps } from './step-navigation';
import { changedFields, currentTime, isFresh, requiredErrors, textOf, today, useUploadsInFlight } from './step-values';

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

const checkFormats = zod4Resolver(StepSchema, { errorPriority: 'first' });

function validate(values: ReportingValues): FormErrors {
  return { ...checkFormats(values), ...requiredErrors(values, REQUIRED_LABELS) };
}

function missingRequired(values: ReportingValues): boolean {
  return Object.keys(requiredErrors(values, REQUIRED_LABELS)).length > 0;
}

type ReportingValues = ReturnType<typeof valuesOf>;

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
  const detail = caseRecord.reportingDetail;
  const form = useForm<ReportingValues>({ initialValues: valuesOf(detail), validate });
  const { markSubmitted } = useValidationAfterSubmit(form);
  const save = useUpdateReportingDetail();
  const uploads = useUploadsInFlight();
  const { setIntent, afterSave } = useSaveIntent(navigation);

  const submit = form.onSubmit(
    (values) => {
      const parsed = StepSchema.parse(values);
      save.mutate({ caseId: caseRecord.id, ...changedFields(parsed, detail) }, { onSuccess: afterSave, onError: notifyError });
    },
    (_errors, values) => {
      if (missingRequired(values)) notifyError(new Error(MESSAGES.requiredDetails));
    },
  );

  const input = form.getInputProps;
  return (
    <StepForm
      lastModifiedBy={detail.lastModifiedBy}
      navigation={navigation}
      saving={save.isPending}
      uploading={uploads.uploading}
      onIntent={setIntent}
      onSubmit={(event) => {
        markSubmitted();
        submit(event);
      }}
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
          <ImageUploader
            size="md"
            label="Consent Form"
            fieldName="consentFormImage"
            ngoId={caseRecord.ngoId}
            maxImages={20}
            value={form.values.consentFormImage}
            onChange={(names) => form.setFieldValue('consentFormImage', names)}
            onUploadingChange={uploads.reportFor('consentFormImage')}
          />
          <ImageUploader
            size="md"
            multiple={false}
            label="Verification ID (front)"
            fieldName="verificationIdFrontImage"
            ngoId={caseRecord.ngoId}
            value={form.values.verificationIdFrontImage}
            onChange={(name) => form.setFieldValue('verificationIdFrontImage', name)}
            onUploadingChange={uploads.reportFor('verificationIdFrontImage')}
          />
          <ImageUploader
            size="md"
            multiple={false}
            label="Verification ID (back)"
            fieldName="verificationIdBackImage"
            ngoId={caseRecord.ngoId}
            value={form.values.verificationIdBackImage}
            onChange={(name) => form.setFieldValue('verificationIdBackImage', name)}
            onUploadingChange={uploads.reportFor('verificationIdBackImage')}
          />
        </>
      }
    />
  );
}
