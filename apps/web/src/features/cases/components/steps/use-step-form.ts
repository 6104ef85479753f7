import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  CASE_RULES,
  CASE_STEP_KEYS,
  DATE_RULES,
  DEFAULT_CLOCK_SKEW_MINUTES,
  POST_OP_DAYS_KEY,
  WEIGHT_RULE,
  caseRuleProblems,
  latestEventMoment,
  type CaseStep,
  type MessageKey,
} from '@rescuedesk/shared';
import { useImageFields } from '../../../../components/images/use-image-fields';
import { useUnsavedChanges } from '../../../../components/unsaved-changes/use-unsaved-changes';
import { useValidationAfterSubmit } from '../../../../hooks/use-validation-after-submit';
import { ApiError } from '../../../../lib/api-client';
import { t as translate } from '../../../../lib/i18n/i18n';
import { useRefusedStep } from '../../offline/use-case-outbox';
import type { EditedCase } from '../draft-case';
import { useCaseSave, useRegisterStep } from './save-registry';
import { changedFields, isFresh, requiredErrors } from './step-values';

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
  /**
   * Fields that may be saved on their own (the reporter step's capture fields): while no other field
   * was edited, the step's required fields do not apply and only these are sent, so the fresh
   * defaults of the other fields are not written (docs/product.md#abc-programme-records).
   */
  standalone?: readonly string[];
  /**
   * Fields the server sent masked (`maskedFields`, docs/privacy.md#who-sees-what): shown read-only,
   * so they are left out of the checks and of the save, and the stored values stay as they are.
   */
  masked?: readonly string[] | undefined;
  /**
   * Fields the server may fill when a save leaves them empty (the medical step's vaccine from the
   * stock line, docs/stock.md): once the save is answered, an empty field the user has not touched
   * since shows the server's value, as saved (not an edit).
   */
  serverFills?: readonly string[];
}

/** The fields the server's rules across the case name (docs/product.md#abc-programme-records): their refusals show at the field. */
const RULE_FIELDS: ReadonlySet<string> = new Set([...CASE_RULES.flatMap((rule) => rule.fields), 'releaseOverrideReason', 'collarTag', 'catchingSquad']);

/** The field of the step a server's refusal names: a 409 is a collar/tag clash; otherwise the rule field whose label the message names first. */
function fieldNamedBy(error: unknown, values: Record<string, unknown>): string | null {
  const fields = Object.keys(values).filter((field) => RULE_FIELDS.has(field) && !Array.isArray(values[field]));
  if (!(error instanceof ApiError) || (error.status !== 409 && error.status !== 422)) return null;
  if (error.status === 409) return fields.includes('collarTag') ? 'collarTag' : null;
  const message = error.message.toLowerCase();
  let best: { field: string; at: number } | null = null;
  for (const field of fields) {
    const label = translate(`field.${field}` as MessageKey);
    if (label === `field.${field}`) continue;
    const at = message.indexOf(label.toLowerCase());
    if (at >= 0 && (best === null || at < best.at)) best = { field, at };
  }
  return best?.field ?? null;
}

/**
 * The server's rules across the case that the form checks before saving, with the same shared code:
 * the case's dates (in order, none in the future: docs/product.md#dates-of-a-case) and the weight
 * for the species. They read the step's values laid over the case as last loaded.
 */
const FORM_RULES = [...DATE_RULES, WEIGHT_RULE];

/** Problems of FORM_RULES that the step's edited fields cause, each at the first field it names that the step shows. */
function acrossTheCase(record: EditedCase, values: Record<string, unknown>, edited: readonly string[]): FormErrors {
  if (edited.length === 0) return {};
  const state: Record<string, unknown> = { [POST_OP_DAYS_KEY]: record.postOpDays ?? [] };
  for (const step of CASE_STEP_KEYS) Object.assign(state, record[step]);
  Object.assign(state, values);
  // The browser's calendar: the user's own day, with the clock skew the server allows.
  const latest = latestEventMoment(Date.now(), DEFAULT_CLOCK_SKEW_MINUTES);
  const errors: FormErrors = {};
  for (const problem of caseRuleProblems(state, new Set(edited), { latest }, FORM_RULES)) {
    const field = problem.fields.find((name) => name in values);
    if (field !== undefined && errors[field] === undefined) errors[field] = problem.message;
  }
  return errors;
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
export function useStepForm<Detail extends StoredDetail, Values extends Record<string, unknown>>({ step, caseRecord, detail, valuesOf, rules, standalone, masked, serverFills }: StepFormOptions<Detail, Values>) {
  const maskedFields = useRef(masked ?? []);
  useEffect(() => {
    maskedFields.current = masked ?? [];
  });
  const [unmasked] = useState(() => (values: Record<string, unknown>) => {
    if (maskedFields.current.length === 0) return values;
    return Object.fromEntries(Object.entries(values).filter(([field]) => !maskedFields.current.includes(field)));
  });
  const save = useCaseSave();
  // Whether only the standalone fields were edited: read by the form's (stable) validate.
  const formHolder = useRef<UseFormReturnType<Values> | null>(null);
  const [onlyStandalone] = useState(() => () => {
    const current = formHolder.current;
    return standalone !== undefined && current !== null && Object.keys(current.getValues()).every((field) => standalone.includes(field) || !current.isDirty(field));
  });
  // The case as last loaded, for the checks across it (validate below is built once).
  const record = useRef(caseRecord);
  useEffect(() => {
    record.current = caseRecord;
  });
  const [validate] = useState(() => (values: Values): FormErrors => {
    const current = formHolder.current;
    const edited = current === null ? [] : Object.keys(values).filter((field) => current.isDirty(field));
    const errors = { ...acrossTheCase(record.current, values, edited), ...rules.validate(values) };
    for (const field of maskedFields.current) delete errors[field];
    if (onlyStandalone()) for (const key of Object.keys(rules.required)) delete errors[key];
    return errors;
  });
  const form = useForm<Values>({ initialValues: valuesOf(detail), validate });
  useEffect(() => {
    formHolder.current = form;
  });
  const { markSubmitted } = useValidationAfterSubmit(form);
  // The server's answer may arrive before or after the page marks the step saved: both take its fills.
  const stored = useRef(detail);
  useEffect(() => {
    stored.current = detail;
  });
  const [takeServerFills] = useState(() => (saved?: Record<string, unknown>) => {
    const current = formHolder.current;
    if (!current || !serverFills?.length) return;
    const server = valuesOf(stored.current) as Record<string, unknown>;
    const values = current.getValues() as Record<string, unknown>;
    const fills = serverFills.filter((field) => {
      const value = server[field];
      if (typeof value !== 'string' || value === '') return false;
      // Saved empty (and already showing the answer, or still empty); else empty and not typed in since.
      if (saved) return saved[field] === '' && (values[field] === '' || values[field] === value);
      return values[field] === '' && !current.isDirty(field);
    });
    if (fills.length === 0) return;
    current.setInitialValues({ ...current.getInitialValues(), ...Object.fromEntries(fills.map((field) => [field, server[field]])) });
    for (const field of fills) current.setFieldValue(field as never, server[field] as never);
  });
  const fillsKey = JSON.stringify(serverFills?.map((field) => detail[field]) ?? []);
  useEffect(() => {
    takeServerFills();
  }, [fillsKey, takeServerFills]);
  const images = useImageFields(form, caseRecord.ngoId);
  const element = useRef<HTMLFormElement>(null);
  useUnsavedChanges(() => !save.quiet.current && (form.isDirty() || images.uploading));

  // A save of this step made on this device and refused by the server (docs/decisions/012): its
  // message shows at the field it names, as a refusal of a save made online does.
  const refusal = useRefusedStep(caseRecord.id, step);
  useEffect(() => {
    const current = formHolder.current;
    if (refusal === null || current === null) return;
    const field = fieldNamedBy(new ApiError(422, refusal), current.getValues());
    if (field !== null) current.setFieldError(field, refusal);
  }, [refusal]);

  const { reportUploading } = save;
  useEffect(() => {
    reportUploading(step, images.uploading);
  }, [reportUploading, step, images.uploading]);
  useEffect(() => () => reportUploading(step, false), [reportUploading, step]);

  useRegisterStep({
    step,
    isDirty: () => form.isDirty(),
    confirmsDefaults: () => {
      if (!isFresh(detail)) return false;
      try {
        return Object.keys(changedFields(rules.parse(unmasked(form.getValues())), detail)).length > 0;
      } catch {
        // Unchanged values the checks refuse cannot be the usual answers: nothing to confirm.
        return false;
      }
    },
    validate: () => {
      markSubmitted();
      const { hasErrors } = form.validate();
      return { valid: !hasErrors, requiredMissing: !onlyStandalone() && Object.keys(requiredErrors(form.getValues(), rules.required)).length > 0 };
    },
    snapshot: () => form.getValues(),
    changesOf: (snapshot) => {
      const changes = changedFields(rules.parse(unmasked(snapshot)), detail);
      if (!onlyStandalone() || !standalone) return changes;
      return Object.fromEntries(Object.entries(changes).filter(([field]) => standalone.includes(field)));
    },
    markSaved: (snapshot) => {
      form.resetDirty(snapshot as Values);
      takeServerFills(snapshot);
    },
    element: () => element.current,
    showServerError: (error) => {
      const field = fieldNamedBy(error, form.getValues());
      if (field === null || !(error instanceof Error)) return false;
      form.setFieldError(field, error.message);
      return true;
    },
  });

  return {
    form,
    images,
    /** The props of the step's <StepForm>. */
    frame: {
      step,
      caseId: caseRecord.id,
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
