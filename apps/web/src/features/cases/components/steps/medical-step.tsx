import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { FIT_FOR_SURGERY, FRESH_CASE_DEFAULTS, TREATMENT_STATUSES, UpdateMedicalDetailInputSchema, type Case } from '@rescuedesk/shared';
import { ImageUploader } from '../../../../components/images/image-uploader';
import { useValidationAfterSubmit } from '../../../../hooks/use-validation-after-submit';
import { notifyError } from '../../../../lib/notify';
import { useUpdateMedicalDetail } from '../../api/update-medical-detail';
import { ChoiceField, DateTimeField, LongTextField } from './step-fields';
import { StepForm } from './step-form';
import { useSaveIntent, type StepProps } from './step-navigation';
import { changedFields, isFresh, textOf, today, useUploadsInFlight } from './step-values';

const StepSchema = UpdateMedicalDetailInputSchema.omit({ caseId: true });
const validate = zod4Resolver(StepSchema, { errorPriority: 'first' });

type MedicalValues = ReturnType<typeof valuesOf>;

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
  const detail = caseRecord.medicalDetail;
  const form = useForm<MedicalValues>({ initialValues: valuesOf(detail), validate });
  const { markSubmitted } = useValidationAfterSubmit(form);
  const save = useUpdateMedicalDetail();
  const uploads = useUploadsInFlight();
  const { setIntent, afterSave } = useSaveIntent(navigation);

  const submit = form.onSubmit((values) => {
    const parsed = StepSchema.parse(values);
    save.mutate({ caseId: caseRecord.id, ...changedFields(parsed, detail) }, { onSuccess: afterSave, onError: notifyError });
  });

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
          <DateTimeField kind="date" label="Admission Date" inputProps={input('admissionDate')} />
          <ChoiceField label="Vaccination Status" options={TREATMENT_STATUSES} inputProps={input('vaccinationStatus')} />
          <ChoiceField label="Dewormed" options={TREATMENT_STATUSES} inputProps={input('dewormed')} />
          <ChoiceField label="Fit for Surgery" options={FIT_FOR_SURGERY} inputProps={input('fitForSurgery')} />
          <LongTextField label="Medical History" inputProps={input('medicalHistory')} />
          <LongTextField label="Other Details" inputProps={input('otherDetails')} />
        </>
      }
      photos={
        <>
          <ImageUploader
            size="md"
            label="Feeding Record"
            fieldName="FeedingRecord"
            ngoId={caseRecord.ngoId}
            maxImages={20}
            value={form.values.feedingRecordImage}
            onChange={(names) => form.setFieldValue('feedingRecordImage', names)}
            onUploadingChange={uploads.reportFor('feedingRecordImage')}
          />
          <ImageUploader
            size="md"
            label="Blood Report"
            fieldName="BloodReport"
            ngoId={caseRecord.ngoId}
            maxImages={20}
            value={form.values.bloodReportImage}
            onChange={(names) => form.setFieldValue('bloodReportImage', names)}
            onUploadingChange={uploads.reportFor('bloodReportImage')}
          />
        </>
      }
    />
  );
}
