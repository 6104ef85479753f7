import { Autocomplete } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { FRESH_CASE_DEFAULTS, OPERATION_OUTCOMES, UpdateOperationDetailInputSchema, type Case } from '@rescuedesk/shared';
import { ImageUploader } from '../../../../components/images/image-uploader';
import { useValidationAfterSubmit } from '../../../../hooks/use-validation-after-submit';
import { notifyError } from '../../../../lib/notify';
import { useVetNames } from '../../api/get-vet-names';
import { useUpdateOperationDetail } from '../../api/update-operation-detail';
import { ChoiceField, DateTimeField } from './step-fields';
import { StepForm } from './step-form';
import { useSaveIntent, type StepProps } from './step-navigation';
import { FIELD_SIZE, changedFields, currentTime, isFresh, textOf, today, useUploadsInFlight } from './step-values';

const StepSchema = UpdateOperationDetailInputSchema.omit({ caseId: true });
const validate = zod4Resolver(StepSchema, { errorPriority: 'first' });

type OperationValues = ReturnType<typeof valuesOf>;

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
  const detail = caseRecord.operationDetail;
  const form = useForm<OperationValues>({ initialValues: valuesOf(detail), validate });
  const { markSubmitted } = useValidationAfterSubmit(form);
  const save = useUpdateOperationDetail();
  const vetNames = useVetNames(caseRecord.id);
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
          <Autocomplete
            size={FIELD_SIZE}
            label="Vet Name"
            placeholder="Choose a vet or type a name"
            description={vetNames.isError ? 'Could not load your NGO’s vets; type the name.' : undefined}
            data={vetNames.data ?? []}
            autoComplete="off"
            {...input('vetName')}
          />
          <DateTimeField kind="date" label="Operation Date" inputProps={input('operationDate')} />
          <DateTimeField kind="time" label="Operation Start Time" inputProps={input('operationStartTime')} />
          <DateTimeField kind="time" label="Operation End Time" inputProps={input('operationEndTime')} />
          <ChoiceField label="Operation Outcome" options={OPERATION_OUTCOMES} inputProps={input('operationOutcome')} />
        </>
      }
      photos={
        <>
          <ImageUploader
            size="md"
            label="Medical Prescription"
            fieldName="MedPresc"
            ngoId={caseRecord.ngoId}
            maxImages={20}
            value={form.values.medicalPrescriptionImage}
            onChange={(names) => form.setFieldValue('medicalPrescriptionImage', names)}
            onUploadingChange={uploads.reportFor('medicalPrescriptionImage')}
          />
          <ImageUploader
            size="md"
            label="Treatment Record"
            fieldName="TreatmentRec"
            ngoId={caseRecord.ngoId}
            maxImages={20}
            value={form.values.treatmentRecordImage}
            onChange={(names) => form.setFieldValue('treatmentRecordImage', names)}
            onUploadingChange={uploads.reportFor('treatmentRecordImage')}
          />
          <ImageUploader
            size="md"
            label="Organ Pictures"
            fieldName="OrganPic"
            ngoId={caseRecord.ngoId}
            maxImages={20}
            value={form.values.organImage}
            onChange={(names) => form.setFieldValue('organImage', names)}
            onUploadingChange={uploads.reportFor('organImage')}
          />
        </>
      }
    />
  );
}
