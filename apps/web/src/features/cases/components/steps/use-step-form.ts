import { useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useForm, type FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { CaseStep, MessageKey } from '@rescuedesk/shared';
import { useImageFields } from '../../../../components/images/use-image-fields';
import { useUnsavedChanges } from '../../../../components/unsaved-changes/use-unsaved-changes';
import { useValidationAfterSubmit } from '../../../../hooks/use-validation-after-submit';
import type { EditedCase } from '../draft-case';
import { useCaseSave, useRegisterStep } from './save-registry';
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
 * What a step checks before saving: the formats of the schema the server uses, the fields it
 * cannot be saved without, and any rule across its fields that the server also checks. Build it
 * once, outside the component: the form's validate must stay stable for useValidationAfterSubmit.
 */
export function stepRules<Parsed extends Record<string, unknown>>(
  schema: StepSchema<Parsed>,
  required: Readonly<Record<string, MessageKey>> = {},
  across: (values: Record<string, unknown>) => FormErrors = () => ({}),
): StepRules<Parsed> {
  const checkFormats = zod4Resolver(schema, { errorPriority: 'first' });
  return {
    parse: (values) => schema.parse(values),
    validate: (values) => ({ ...across(values), ...checkFormats(values), ...requiredErrors(values, required) }),
    required,
  };
}

type StoredDetail = Record<string, unknown> & { lastModifiedBy: string | null };

interface StepFormOptions<Detail, Values> {
  step: CaseStep;
  caseRecord: EditedCase;
  /** The step's part of the case, as the server last answered (all empty for a case not stored yet). */
  detail: Detail;
  /** The form's values for the stored detail (a fresh step's defaults of the animal included). */
  valuesOf: (detail: Detail) => Values;
  rules: StepRules<Record<string, unknown>>;
}

/** Enter in a one-line field saves, as the page's main button would; Enter in a choice list picks, in a text area breaks the line. */
function onEnter(submit: () => void) {
  return (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (!(target instanceof HTMLInputElement) || target.getAttribute('aria-expanded') === 'true') return;
    event.preventDefault();
    submit();
  };
}

/**
 * Everything a case step shares: its form, its image fields, and its part in the page's save. The
 * page saves every edited step with the top card at once (docs/product.md, "The five steps"); a step
 * that was opened but not changed sends nothing. Edits not yet saved make leaving the case ask
 * first. Spread `frame` into <StepForm>; the step itself keeps only its fields.
 */
export function useStepForm<Detail extends StoredDetail, Values extends Record<string, unknown>>({ step, caseRecord, detail, valuesOf, rules }: StepFormOptions<Detail, Values>) {
  const save = useCaseSave();
  const form = useForm<Values>({ initialValues: valuesOf(detail), validate: rules.validate });
  const { markSubmitted } = useValidationAfterSubmit(form);
  const images = useImageFields(form, caseRecord.ngoId);
  const element = useRef<HTMLFormElement>(null);
  useUnsavedChanges(() => !save.quiet.current && (form.isDirty() || images.uploading));

  const { reportUploading } = save;
  useEffect(() => {
    reportUploading(step, images.uploading);
  }, [reportUploading, step, images.uploading]);
  useEffect(() => () => reportUploading(step, false), [reportUploading, step]);

  useRegisterStep({
    step,
    isDirty: () => form.isDirty(),
    validate: () => {
      markSubmitted();
      const { hasErrors } = form.validate();
      return { valid: !hasErrors, requiredMissing: Object.keys(requiredErrors(form.getValues(), rules.required)).length > 0 };
    },
    snapshot: () => form.getValues(),
    changesOf: (snapshot) => changedFields(rules.parse(snapshot), detail),
    markSaved: (snapshot) => form.resetDirty(snapshot as Values),
    element: () => element.current,
  });

  return {
    form,
    images,
    /** The props of the step's <StepForm>. */
    frame: {
      step,
      lastModifiedBy: detail.lastModifiedBy,
      formRef: element,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        save.submit();
      },
      onKeyDown: onEnter(save.submit),
    },
  };
}
