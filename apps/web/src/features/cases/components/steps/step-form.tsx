import { useDeferredValue, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { CASE_STEP_TABLE, type CaseStep } from '@rescuedesk/shared';
import { useT } from '../../../../lib/i18n/use-t';
import { useStepWaiting } from '../../offline/use-case-outbox';
import { roleLabel } from '../option-data';

interface StepFormProps {
  step: CaseStep;
  /** The case (null before its first save; a temporary id while its create waits on this device). */
  caseId: number | null;
  /** Who saved this step last (the role, as the observed product keeps it). */
  lastModifiedBy: string | null;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLFormElement>) => void;
  /** The step's fields, laid out in a responsive grid. */
  fields: ReactNode;
  /** Anything under the fields, full width (the reporter step's "Save to reporters"). */
  footer?: ReactNode;
  /** Sections after the footer, each with its own heading and grid (the ABC programme's fields). */
  sections?: ReactNode;
  /**
   * Fields after the sections, in a grid like the step's own (the post-op step's comments): what a
   * section holds that is done first, such as the release's place right under its date, comes first.
   */
  closing?: ReactNode;
  /** The step's image uploaders, under their own heading. */
  photos?: ReactNode;
  /** After the step's form, outside it: parts saved on their own (the daily post-op log). */
  after?: ReactNode;
}

/** The frame every step shares: where it stands, its fields and its photos. Its buttons are the page's action bar. */
export function StepForm({ step, caseId, lastModifiedBy, formRef, onSubmit, onKeyDown, fields, footer, sections, closing, photos, after }: StepFormProps) {
  const t = useT();
  const number = CASE_STEP_TABLE.findIndex(({ key }) => key === step) + 1;
  const count = CASE_STEP_TABLE.length;
  // Saved offline: the save is kept on this device, not yet on the server (docs/decisions/012).
  const waiting = useStepWaiting(caseId, step);
  // The sections and photos (below the fields, off a phone's first screen) are built just after the
  // fields, so neither part holds the phone up for long.
  const showPhotos = useDeferredValue(true, false);
  return (
    <>
      <form noValidate ref={formRef} onSubmit={onSubmit} onKeyDown={onKeyDown}>
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {waiting
              ? t('cases.step.positionWaiting', { number, count })
              : lastModifiedBy
                ? t('cases.step.positionSaved', { number, count, name: roleLabel(t, lastModifiedBy) })
                : t('cases.step.positionNew', { number, count })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
            {fields}
          </SimpleGrid>
          {footer}
          {showPhotos ? sections : null}
          {closing && showPhotos ? (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
              {closing}
            </SimpleGrid>
          ) : null}
          {photos && showPhotos ? (
            <>
              <Divider label={t('cases.step.photos')} labelPosition="left" />
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
                {photos}
              </SimpleGrid>
            </>
          ) : null}
        </Stack>
      </form>
      {after && showPhotos ? <div style={{ marginTop: 'var(--mantine-spacing-xl)' }}>{after}</div> : null}
    </>
  );
}
