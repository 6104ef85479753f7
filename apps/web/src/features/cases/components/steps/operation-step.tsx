import { useEffect, useMemo, useRef } from 'react';
import { Autocomplete, Text } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { StepStockUsesSchema, UpdateOperationDetailInputSchema, vetNotInDirectory, type Case, type CaseStockUseLine } from '@rescuedesk/shared';
import { ImageUploader } from '../../../../components/images/image-uploader';
import { t as translate } from '../../../../lib/i18n/i18n';
import { useT } from '../../../../lib/i18n/use-t';
import { StockUsePicker } from '../../../stock/components/stock-use-picker';
import { useDirectoryChoices, vetNamed } from '../../api/get-directory-choices';
import { useRefusedStep } from '../../offline/use-case-outbox';
import { AbcSection, anyFilled } from './abc-section';
import { ChoiceField, DateField, LongTextField, TimeField } from './step-fields';
import classes from './step-fields.module.css';
import { StepForm } from './step-form';
import type { StepProps } from './step-navigation';
import { FIELD_SIZE, textOf } from './step-values';
import { useOnce, useStepStockUses, useStockUseField } from './step-stock-uses';
import { stepRules, useStepForm } from './use-step-form';

const StepSchema = UpdateOperationDetailInputSchema.omit({ caseId: true }).extend({ stockUses: StepStockUsesSchema.optional() });

/** The server's rule, checked here first: an operation does not end before it starts (same day, hh:mm). */
export function operationTimesProblem(values: Record<string, unknown>): FormErrors {
  const start = values.operationStartTime;
  const end = values.operationEndTime;
  if (typeof start !== 'string' || typeof end !== 'string' || start === '' || end === '' || end >= start) return {};
  return {
    operationEndTime: translate('cases.step.notBefore', {
      field: translate('field.operationEndTime'),
      value: end,
      other: translate('field.operationStartTime'),
      otherValue: start,
    }),
  };
}

/** The server's rule, checked here first: a cancelled surgery needs its reason. */
function cancelProblem(values: Record<string, unknown>): FormErrors {
  return values.surgeryCancelled === 'Yes' && (typeof values.cancelReason !== 'string' || values.cancelReason.trim() === '')
    ? { cancelReason: translate('validation.cancelReasonRequired', { field: translate('field.cancelReason') }) }
    : {};
}

/** Every field of the operation records what happened: all empty until the user fills them. */
function valuesOf(detail: Case['operationDetail'] & { stockUses?: CaseStockUseLine[] }) {
  return {
    vetName: textOf(detail.vetName),
    vetId: detail.vetId,
    operationDate: textOf(detail.operationDate),
    operationStartTime: textOf(detail.operationStartTime),
    operationEndTime: textOf(detail.operationEndTime),
    operationOutcome: textOf(detail.operationOutcome),
    medicalPrescriptionImage: detail.medicalPrescriptionImage ?? [],
    treatmentRecordImage: detail.treatmentRecordImage ?? [],
    organImage: detail.organImage ?? [],
    surgeryCancelled: textOf(detail.surgeryCancelled),
    cancelReason: textOf(detail.cancelReason),
    // The anaesthetic, sutures and medicines used from stock, once the step's lines are known (step-stock-uses.ts).
    ...(detail.stockUses ? { stockUses: detail.stockUses } : {}),
  };
}

/** Says that the vet name typed is not one of the NGO's vets: it is stored as typed, and the sheet and exports say so too. */
export function VetDirectoryMark() {
  const t = useT();
  return (
    <Text component="span" display="block" size="sm" c="orange.9" fw={600} data-testid="vet-not-in-directory">
      {t('cases.step.vetNotInDirectory')}
    </Text>
  );
}

/** Step 4, Operation Details: the surgery, who did it, when, how it went, and its records. */
export function OperationStep({ caseRecord }: StepProps) {
  const t = useT();
  const storedUses = useStepStockUses(caseRecord, 'operationDetail');
  const withUses = useMemo(() => (storedUses ? { ...caseRecord.operationDetail, stockUses: storedUses } : caseRecord.operationDetail), [caseRecord.operationDetail, storedUses]);
  const stockCheck = useRef<(values: Record<string, unknown>) => FormErrors>(() => ({}));
  const rules = useOnce(() => stepRules(StepSchema, {}, (values) => ({ ...operationTimesProblem(values), ...cancelProblem(values), ...stockCheck.current(values) })));
  const { form, images, frame } = useStepForm({ step: 'operationDetail', caseRecord, detail: withUses, valuesOf, rules });
  const stock = useStockUseField(caseRecord, 'operationDetail', storedUses, form);
  useEffect(() => {
    stockCheck.current = stock.problems;
  });
  const refusal = useRefusedStep(caseRecord.id, 'operationDetail');
  // The NGO's vets, kept on the device since sign-in (get-directory-choices.ts), so the list is there offline too.
  const choices = useDirectoryChoices(caseRecord.ngoId);
  const vets = choices.data?.vets ?? [];
  const vetsFailed = choices.isError && choices.data === undefined;
  const typedVet = vetNotInDirectory({ vetName: form.values.vetName, vetId: form.values.vetId });

  const input = form.getInputProps;
  const vetInput = input('vetName');
  const detail = caseRecord.operationDetail;
  const unfit = caseRecord.medicalDetail.fitForSurgery === 'No';
  return (
    <StepForm
      {...frame}
      fields={
        <>
          {unfit ? (
            <Text size="sm" c="orange.9" fw={600} style={{ gridColumn: '1 / -1' }}>
              {t('cases.abc.unfitNoOperation')}
            </Text>
          ) : null}
          {/* An animal not fit for surgery is not operated on: the server refuses these fields, so they are shown disabled. */}
          <fieldset disabled={unfit} className={classes.contents}>
          <Autocomplete
            size={FIELD_SIZE}
            label={t('field.vetName')}
            placeholder={t('cases.step.vetPlaceholder')}
            // The mark goes under the input, where the eye goes after typing; the grid keeps one cell per field.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            description={
              vetsFailed || typedVet ? (
                <>
                  {vetsFailed ? t('cases.step.vetsFailed') : null}
                  {typedVet ? <VetDirectoryMark /> : null}
                </>
              ) : undefined
            }
            data={[...new Set(vets.map((vet) => vet.name))]}
            autoComplete="off"
            {...vetInput}
            onChange={(name: string) => {
              vetInput.onChange(name);
              // Chosen from the list (or typed exactly as listed): linked to that vet; anything else is kept as typed, with no link.
              form.setFieldValue('vetId', vetNamed(vets, name)?.id ?? null);
            }}
          />
          <DateField label={t('field.operationDate')} inputProps={input('operationDate')} />
          <TimeField label={t('field.operationStartTime')} inputProps={input('operationStartTime')} />
          <TimeField label={t('field.operationEndTime')} inputProps={input('operationEndTime')} />
          <ChoiceField label={t('field.operationOutcome')} options="operationOutcome" inputProps={input('operationOutcome')} />
          </fieldset>
        </>
      }
      footer={
        stock.lines ? (
          <fieldset disabled={unfit} className={classes.contents}>
            <StockUsePicker items={stock.items} lines={stock.lines} onChange={stock.setLines} stored={storedUses ?? []} errorsOf={stock.errorsOf} refusal={refusal} />
          </fieldset>
        ) : null
      }
      sections={
        <AbcSection caseRecord={caseRecord} title={t('cases.abc.cancellation')} filled={anyFilled(detail.surgeryCancelled, detail.cancelReason)}>
          <ChoiceField label={t('field.surgeryCancelled')} options="yesNo" inputProps={input('surgeryCancelled')} />
          {form.values.surgeryCancelled === 'Yes' ? <LongTextField label={t('field.cancelReason')} required inputProps={input('cancelReason')} /> : null}
        </AbcSection>
      }
      photos={
        <fieldset disabled={unfit} className={classes.contents}>
          <ImageUploader size="md" label={t('field.medicalPrescriptionImage')} fieldName="MedPresc" maxImages={20} {...images.field('medicalPrescriptionImage')} />
          <ImageUploader size="md" label={t('field.treatmentRecordImage')} fieldName="TreatmentRec" maxImages={20} {...images.field('treatmentRecordImage')} />
          <ImageUploader size="md" label={t('field.organImage')} fieldName="OrganPic" maxImages={20} {...images.field('organImage')} />
        </fieldset>
      }
    />
  );
}
