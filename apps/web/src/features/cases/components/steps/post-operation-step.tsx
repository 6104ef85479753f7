import { FRESH_CASE_DEFAULTS, UpdatePostOperationDetailInputSchema, type Case } from '@rescuedesk/shared';
import { ImageUploader } from '../../../../components/images/image-uploader';
import { useT } from '../../../../lib/i18n/use-t';
import { useUpdateCaseStep } from '../../api/update-case-step';
import { ChoiceField, DateTimeField, LongTextField, TextField } from './step-fields';
import { StepForm } from './step-form';
import type { StepProps } from './step-navigation';
import { isFresh, textOf, today } from './step-values';
import { stepRules, useStepForm } from './use-step-form';

const StepSchema = UpdatePostOperationDetailInputSchema.omit({ caseId: true });
const RULES = stepRules(StepSchema);

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
  const t = useT();
  const { form, images, frame } = useStepForm({ caseRecord, navigation, detail: caseRecord.postOperationDetail, valuesOf, rules: RULES, save: useUpdateCaseStep('postOperationDetail') });

  const input = form.getInputProps;
  return (
    <StepForm
      {...frame}
      fields={
        <>
          <ChoiceField label={t('field.popFacility')} options="popFacility" inputProps={input('popFacility')} />
          <TextField label={t('field.popLocation')} autoComplete="off" inputProps={input('popLocation')} />
          <TextField label={t('field.popExpectedDays')} inputMode="numeric" autoComplete="off" inputProps={input('popExpectedDays')} />
          <DateTimeField kind="date" label={t('field.popStartDate')} inputProps={input('popStartDate')} />
          <DateTimeField kind="date" label={t('field.popEndDate')} inputProps={input('popEndDate')} />
          <DateTimeField kind="date" label={t('field.releaseDate')} inputProps={input('releaseDate')} />
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
