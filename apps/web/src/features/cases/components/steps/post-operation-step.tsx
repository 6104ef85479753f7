import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { FRESH_CASE_DEFAULTS, POP_FACILITIES, UpdatePostOperationDetailInputSchema, YES_NO, type Case } from '@rescuedesk/shared';
import { ImageUploader } from '../../../../components/images/image-uploader';
import { useValidationAfterSubmit } from '../../../../hooks/use-validation-after-submit';
import { notifyError } from '../../../../lib/notify';
import { useUpdatePostOperationDetail } from '../../api/update-post-operation-detail';
import { ChoiceField, DateTimeField, LongTextField, TextField } from './step-fields';
import { StepForm } from './step-form';
import { useSaveIntent, type StepProps } from './step-navigation';
import { changedFields, isFresh, textOf, today, useUploadsInFlight } from './step-values';

const StepSchema = UpdatePostOperationDetailInputSchema.omit({ caseId: true });
const validate = zod4Resolver(StepSchema, { errorPriority: 'first' });

type PostOperationValues = ReturnType<typeof valuesOf>;

function valuesOf(detail: Case['postOperationDetail']) {
  const fresh = isFresh(detail);
  const or = (value: string | null, fallback: string) => textOf(value, fresh ? fallback : '');
  return {
    popFacility: or(detail.popFacility, FRESH_CASE_DEFAULTS.popFacility),
    popLocation: textOf(detail.popLocation),
    popStartDate: or(detail.popStartDate, today()),
    popEndDate: or(detail.popEndDate, today()),
    popExpectedDays: textOf(detail.popExpectedDays),
    releaseDate: or(detail.releaseDate, today()),
    euthanized: or(detail.euthanized, FRESH_CASE_DEFAULTS.euthanized),
    popComment: textOf(detail.popComment),
    comments: textOf(detail.comments),
    popPictures: detail.popPictures ?? [],
    releasePictures: detail.releasePictures ?? [],
  };
}

/** Step 5, Post Operation Details: recovery, release (or euthanasia) and their pictures. */
export function PostOperationStep({ caseRecord, navigation }: StepProps) {
  const detail = caseRecord.postOperationDetail;
  const form = useForm<PostOperationValues>({ initialValues: valuesOf(detail), validate });
  const { markSubmitted } = useValidationAfterSubmit(form);
  const save = useUpdatePostOperationDetail();
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
          <ChoiceField label="Post-operation Facility" options={POP_FACILITIES} inputProps={input('popFacility')} />
          <TextField label="Post-operation Location" autoComplete="off" inputProps={input('popLocation')} />
          <TextField label="Expected Days" inputMode="numeric" autoComplete="off" inputProps={input('popExpectedDays')} />
          <DateTimeField kind="date" label="Post-operation Start Date" inputProps={input('popStartDate')} />
          <DateTimeField kind="date" label="Post-operation End Date" inputProps={input('popEndDate')} />
          <DateTimeField kind="date" label="Release Date" inputProps={input('releaseDate')} />
          <ChoiceField label="Euthanized" options={YES_NO} inputProps={input('euthanized')} />
          <LongTextField label="Post-operation Comment" inputProps={input('popComment')} />
          <LongTextField label="Comments" inputProps={input('comments')} />
        </>
      }
      photos={
        <>
          <ImageUploader
            size="md"
            label="Post-operation Pictures"
            fieldName="PopPics"
            ngoId={caseRecord.ngoId}
            maxImages={30}
            value={form.values.popPictures}
            onChange={(names) => form.setFieldValue('popPictures', names)}
            onUploadingChange={uploads.reportFor('popPictures')}
          />
          <ImageUploader
            size="md"
            label="Release Pictures"
            fieldName="ReleasePics"
            ngoId={caseRecord.ngoId}
            maxImages={30}
            value={form.values.releasePictures}
            onChange={(names) => form.setFieldValue('releasePictures', names)}
            onUploadingChange={uploads.reportFor('releasePictures')}
          />
        </>
      }
    />
  );
}
