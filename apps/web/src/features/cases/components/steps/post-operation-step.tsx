import { FRESH_CASE_DEFAULTS, UpdatePostOperationDetailInputSchema, type Case } from '@rescuedesk/shared';
import { Divider, Group, Stack, Text } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { ImageUploader } from '../../../../components/images/image-uploader';
import { useT } from '../../../../lib/i18n/use-t';
import { AbcSection, anyFilled } from './abc-section';
import { GpsPoint, degreesText, metresText, type LocatedPoint } from './gps-point';
import { PointMap } from './point-map';
import { PostOpDays } from './post-op-days';
import { ChoiceField, DateField, LongTextField, TextField, TimeField } from './step-fields';
import { StepForm } from './step-form';
import type { StepProps } from './step-navigation';
import { currentTime, isFresh, textOf, today } from './step-values';
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
    releaseLatitude: textOf(detail.releaseLatitude),
    releaseLongitude: textOf(detail.releaseLongitude),
    releaseAccuracy: textOf(detail.releaseAccuracy),
    releaseTime: textOf(detail.releaseTime),
    releaseOverrideReason: textOf(detail.releaseOverrideReason),
    deathDate: textOf(detail.deathDate),
    deathTiming: textOf(detail.deathTiming),
    deathCause: textOf(detail.deathCause),
    postMortemNotes: textOf(detail.postMortemNotes),
  };
}

/** Step 5, Post Operation Details: recovery, release (or euthanasia) and their pictures. */
export function PostOperationStep({ caseRecord }: StepProps) {
  const t = useT();
  const { form, images, frame } = useStepForm({ step: 'postOperationDetail', caseRecord, detail: caseRecord.postOperationDetail, valuesOf, rules: RULES });

  const input = form.getInputProps;
  const detail = caseRecord.postOperationDetail;
  const values = form.values;
  const flagged = caseRecord.releaseFlagged === true;
  const distance = caseRecord.releaseDistanceM ?? null;
  // Asked once the release is beyond the NGO's limit: the server says so (422) at this field, or the case is flagged.
  const askReason = flagged || values.releaseOverrideReason !== '' || Boolean(form.errors.releaseOverrideReason) || detail.releaseOverrideReason !== null;
  const located = (point: LocatedPoint) =>
    form.setValues({
      releaseLatitude: degreesText(point.latitude),
      releaseLongitude: degreesText(point.longitude),
      releaseAccuracy: point.accuracy === null ? '' : metresText(point.accuracy),
      releaseDate: values.releaseDate === '' ? today() : values.releaseDate,
      releaseTime: values.releaseTime === '' ? currentTime() : values.releaseTime,
    });
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
        </>
      }
      // The release's place follows its date at once (on a phone, one screen); the notes come after.
      closing={
        <>
          <ChoiceField label={t('field.euthanized')} options="yesNo" inputProps={input('euthanized')} />
          <LongTextField label={t('field.popComment')} inputProps={input('popComment')} />
          <LongTextField label={t('field.comments')} inputProps={input('comments')} />
        </>
      }
      sections={
        <AbcSection
          caseRecord={caseRecord}
          title={t('cases.abc.release')}
          filled={anyFilled(detail.releaseLatitude, detail.releaseTime, detail.deathDate, detail.deathCause, caseRecord.postOpDays)}
        >
          <GpsPoint
            latitude={input('releaseLatitude')}
            longitude={input('releaseLongitude')}
            accuracy={input('releaseAccuracy')}
            labels={{ latitude: 'cases.abc.releaseLatitude', longitude: 'cases.abc.releaseLongitude', accuracy: 'field.releaseAccuracy' }}
            onLocated={located}
          />
          <PointMap latitude={values.releaseLatitude} longitude={values.releaseLongitude} accuracy={values.releaseAccuracy} label={t('cases.abc.releaseMap')} />
          <TimeField label={t('field.releaseTime')} inputProps={input('releaseTime')} />
          {distance !== null || flagged ? (
            <Stack gap={4} style={{ gridColumn: '1 / -1' }}>
              {distance !== null ? <Text size="sm">{t('cases.abc.distance', { distance })}</Text> : null}
              {flagged ? (
                <Group gap={6} wrap="nowrap" c="red.8" align="flex-start">
                  <IconFlag size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                  <Text fw={700} size="sm">
                    {t('cases.abc.flagged')}
                  </Text>
                </Group>
              ) : null}
            </Stack>
          ) : null}
          {askReason ? <LongTextField label={t('field.releaseOverrideReason')} inputProps={input('releaseOverrideReason')} /> : null}
          <Divider label={t('cases.abc.death')} labelPosition="left" style={{ gridColumn: '1 / -1' }} />
          <DateField label={t('field.deathDate')} inputProps={input('deathDate')} />
          <ChoiceField label={t('field.deathTiming')} options="deathTiming" inputProps={input('deathTiming')} />
          <TextField label={t('field.deathCause')} autoComplete="off" inputProps={input('deathCause')} />
          <LongTextField label={t('field.postMortemNotes')} inputProps={input('postMortemNotes')} />
        </AbcSection>
      }
      after={<PostOpDays caseRecord={caseRecord} />}
      photos={
        <>
          <ImageUploader size="md" label={t('field.popPictures')} fieldName="PopPics" maxImages={30} {...images.field('popPictures')} />
          <ImageUploader size="md" label={t('field.releasePictures')} fieldName="ReleasePics" maxImages={30} {...images.field('releasePictures')} />
        </>
      }
    />
  );
}
