import type { FormEvent } from 'react';
import { useForm, type FormErrors } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { MESSAGES, type Case, type MessageKey } from '@rescuedesk/shared';
import { useImageFields } from '../../../../components/images/use-image-fields';
import { useUnsavedChanges } from '../../../../components/unsaved-changes/use-unsaved-changes';
import { useValidationAfterSubmit } from '../../../../hooks/use-validation-after-submit';
import { notifyError } from '../../../../lib/notify';
import { useSaveIntent, type StepNavigation } from './step-navigation';
import { changedFields, requiredErrors } from './step-values';

/** A step's shared schema (the server's), without its caseId. */
type StepSchema<Parsed> = Parameters<typeof zod4Resolver>[0] & { parse: (values: unknown) => Parsed };

export interface StepRules<Parsed> {
  parse: (values: unknown) => Parsed;
  validate: (values: Record<string, unknown>) => FormErrors;
  /** Field name to its label's key: the step cannot be saved while one of these is empty. */
  required: Readonly<Record<string, MessageKey>>;
}

/**
 * What a step checks before saving: the formats of the schema the server uses, and the fields it
 * cannot be saved without. Build it once, outside the component: the form's validate must stay
 * stable for useValidationAfterSubmit.
 */
export function stepRules<Parsed extends Record<string, unknown>>(
  schema: StepSchema<Parsed>,
  required: Readonly<Record<string, MessageKey>> = {},
): StepRules<Parsed> {
  const checkFormats = zod4Resolver(schema, { errorPriority: 'first' });
  return {
    parse: (values) => schema.parse(values),
    validate: (values) => ({ ...checkFormats(values), ...requiredErrors(values, required) }),
    required,
  };
}

type StoredDetail = Record<string, unknown> & { lastModifiedBy: string | null };

interface StepFormOptions<Detail, Values, Parsed> {
  caseRecord: Case;
  navigation: StepNavigation;
  /** The step's part of the case, as the server last answered. */
  detail: Detail;
  /** The form's values for the stored detail (a fresh step's defaults included). */
  valuesOf: (detail: Detail) => Values;
  rules: StepRules<Parsed>;
  /** The step's save mutation, e.g. useUpdateCaseStep('animalDetail'). */
  save: Pick<UseMutationResult<Case, Error, { caseId: number } & Partial<Parsed>>, 'mutate' | 'isPending'>;
}

/**
 * Everything a case step shares: its form, its image fields, and its save. A save sends only the
 * fields that changed (an emptied one as null, which clears it), then shows 'Case saved
 * successfully' and moves on as the pressed button says; a failure shows the server's message and
 * stays. Edits not yet saved make leaving the case ask first. Spread `frame` into <StepForm>; the
 * step itself keeps only its fields.
 */
export function useStepForm<Detail extends StoredDetail, Values extends Record<string, unknown>, Parsed extends Record<string, unknown>>({
  caseRecord,
  navigation,
  detail,
  valuesOf,
  rules,
  save,
}: StepFormOptions<Detail, Values, Parsed>) {
  const form = useForm<Values>({ initialValues: valuesOf(detail), validate: rules.validate });
  const { markSubmitted } = useValidationAfterSubmit(form);
  const images = useImageFields(form, caseRecord.ngoId);
  const { setIntent, afterSave } = useSaveIntent(navigation);
  useUnsavedChanges(() => form.isDirty() || images.uploading);

  const submit = form.onSubmit(
    (values) => {
      const parsed = rules.parse(values);
      save.mutate(
        { caseId: caseRecord.id, ...changedFields(parsed, detail) },
        {
          onSuccess: () => {
            // What was sent is saved: leaving after this (Save & Exit) loses nothing.
            form.resetDirty(values);
            afterSave();
          },
          onError: notifyError,
        },
      );
    },
    (_errors, values) => {
      // Spec section 5: a missing required field says so in a toast; format errors show at their fields.
      if (Object.keys(requiredErrors(values, rules.required)).length > 0) notifyError(new Error(MESSAGES.requiredDetails));
    },
  );

  return {
    form,
    images,
    /** The props of the step's <StepForm>. */
    frame: {
      lastModifiedBy: detail.lastModifiedBy,
      navigation,
      saving: save.isPending,
      uploading: images.uploading,
      onIntent: setIntent,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        markSubmitted();
        submit(event);
      },
    },
  };
}
