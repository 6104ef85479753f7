import { FRESH_CASE_DEFAULTS, UpdatePostOperationDetailInputSchema, type Case } from '@rescuedesk/shared';
import { ImageUploader } from '../../../../components/images/image-uploader';
import { useT } from '../../../../lib/i18n/use-t';
import { ChoiceField, DateField, LongTextField, TextField } from './step-fields';
import { StepForm } from './step-form';
import type { StepProps } from './step-navigation';
import { isFresh, textOf } from './step-values';
import { stepRules, useStepForm } from './use-step-form';

const StepSchema = UpdatePostOperationDetailInputSchema.omit({ caseId: true });
const RULES = stepRules(StepSchema);

/**
 * The dates of post-operative care and release, and euthanized, record events: empty until the user
 * fills them. The facility starts with the usual answer.
 */
function valuesOf(detail: Case['postOperationDetail']) {
  const fresh = isFresh(detail);
  return {
    popFacility: textOf(detail.popFacility, fresh ? FRESH_CASE_DEFAULTS.popFacility : ''),
    popLocation: textOf(detail.popLocation),
    popStartDate: textOf(detail.popStartDate),
    popEndDate: textOf(detail.popEndDate),
    popExpectedDays: textOf(detail.popExpectedDays),
    releaseDate: textOf(detail.releaseDate),
    euthanized: textOf(detail.euthanized),
    popComment: textOf(detail.popComment),
    comments: textOf(detail.comments),
    popPictures: detail.popPictures ?? [],
    releasePictures: detail.releasePictures ?? [],
  };
}

/** Step 5, Post Operation Details: recovery, release (or euthanasia) and their pictures. */
export function PostOperationStep({ caseRecord }: StepProps) {
  const t = useT();
  const { form, images, frame } = useStepForm({ step: 'postOperationDetail', caseRecord, detail: caseRecord.postOperationDetail, valuesOf, rules: RULES });

  const input = form.getInputProps;
  return (
    <StepForm
      {...frame}
      fields={
        <>
          <ChoiceField label={t('field.popFacility')} options="popFacility" inputProps={input('popFacility')} />
          <TextField label={t('field.popLocation')} autoComplete="off" inputProps={input('popLocation')} />
          <DateField label={t('field.popStartDate')} inputProps={input('popStartDate')} />
          <TextField label={t('field.popExpectedDays')} inputMode="numeric" autoComplete="off" inputProps={input('popExpectedDays')} />
          <DateField label={t('field.popEndDate')} inputProps={input('popEndDate')} />
          <DateField label={t('field.releaseDate')} inputProps={input('releaseDate')} />
          <ChoiceField label={t('field.euthanized')} options="yesNo" inputProps={input('euthanized')} />
          <LongTextField label={t('field.popComment')} inputProps={input('popComment')} />
          <LongTextField label={t('field.comments')} inputProps={input('comments')} />
        </>
      }
      photos={
        <>
          <ImageUploader size="md" label={t('field.popPictures')} fieldName="PopPics" maxImages={30} {...images.field('popPictures')} />
          <ImageUploader size="md" label={t('field.releasePictures')} fieldName="ReleasePics" maxImages={30} {...images.field('releasePictures')} />
        </>
      }
    />
  );
}
