import { useEffect, useMemo, useRef } from 'react';
import { FRESH_CASE_DEFAULTS, StepStockUsesSchema, UpdateMedicalDetailInputSchema, type Case, type CaseStockUseLine } from '@rescuedesk/shared';
import type { FormErrors } from '@mantine/form';
import { ImageUploader } from '../../../../components/images/image-uploader';
import { formatDate } from '../../../../lib/i18n/format';
import { t as translate } from '../../../../lib/i18n/i18n';
import { useT } from '../../../../lib/i18n/use-t';
import { StockUsePicker } from '../../../stock/components/stock-use-picker';
import { useRefusedStep } from '../../offline/use-case-outbox';
import { AbcSection, anyFilled } from './abc-section';
import { ChoiceField, DateField, LongTextField, TextField } from './step-fields';
import { StepForm } from './step-form';
import type { StepProps } from './step-navigation';
import { isFresh, textOf } from './step-values';
import { useOnce, useStepStockUses, useStockUseField } from './step-stock-uses';
import { stepRules, useStepForm } from './use-step-form';

const StepSchema = UpdateMedicalDetailInputSchema.omit({ caseId: true }).extend({ stockUses: StepStockUsesSchema.optional() });
/** The server's rules, checked here first: a reason when not fit for surgery; no vaccine given after its expiry. */
export function medicalProblems(values: Record<string, unknown>): FormErrors {
  const errors: FormErrors = {};
  if (values.fitForSurgery === 'No' && (typeof values.unfitReason !== 'string' || values.unfitReason === '')) {
    errors.unfitReason = translate('validation.unfitReasonRequired', { field: translate('field.unfitReason') });
  }
  const given = values.vaccinationDate;
  const expiry = values.vaccineExpiry;
  if (typeof given === 'string' && typeof expiry === 'string' && given !== '' && expiry !== '' && given > expiry) {
    errors.vaccinationDate = translate('validation.vaccineExpired', { field: translate('field.vaccinationDate'), date: formatDate(given), expiry: formatDate(expiry) });
  }
  return errors;
}

/**
 * The admission date, vaccination and deworming record events: empty until the user fills them.
 * Fitness for surgery describes the animal and starts with the usual answer.
 */
function valuesOf(detail: Case['medicalDetail'] & { stockUses?: CaseStockUseLine[] }) {
  const fresh = isFresh(detail);
  return {
    admissionDate: textOf(detail.admissionDate),
    vaccinationStatus: textOf(detail.vaccinationStatus),
    dewormed: textOf(detail.dewormed),
    fitForSurgery: textOf(detail.fitForSurgery, fresh ? FRESH_CASE_DEFAULTS.fitForSurgery : ''),
    medicalHistory: textOf(detail.medicalHistory),
    otherDetails: textOf(detail.otherDetails),
    feedingRecordImage: detail.feedingRecordImage ?? [],
    bloodReportImage: detail.bloodReportImage ?? [],
    unfitReason: textOf(detail.unfitReason),
    unfitNotes: textOf(detail.unfitNotes),
    vaccineName: textOf(detail.vaccineName),
    vaccineBatch: textOf(detail.vaccineBatch),
    vaccineExpiry: textOf(detail.vaccineExpiry),
    vaccinationDate: textOf(detail.vaccinationDate),
    // The vaccine used from stock, once the step's lines are known (step-stock-uses.ts).
    ...(detail.stockUses ? { stockUses: detail.stockUses } : {}),
  };
}

/** The ABC record's vaccine, which the server fills from the stock line when the save leaves it empty (docs/stock.md). */
const VACCINE_FROM_STOCK = ['vaccineName', 'vaccineBatch', 'vaccineExpiry'] as const;

/** Step 3, Medical Details: history, vaccination, deworming, fitness for surgery, records. */
export function MedicalStep({ caseRecord }: StepProps) {
  const t = useT();
  const storedUses = useStepStockUses(caseRecord, 'medicalDetail');
  const withUses = useMemo(() => (storedUses ? { ...caseRecord.medicalDetail, stockUses: storedUses } : caseRecord.medicalDetail), [caseRecord.medicalDetail, storedUses]);
  const stockCheck = useRef<(values: Record<string, unknown>) => FormErrors>(() => ({}));
  const rules = useOnce(() => stepRules(StepSchema, {}, (values) => ({ ...medicalProblems(values), ...stockCheck.current(values) })));
  const { form, images, frame } = useStepForm({ step: 'medicalDetail', caseRecord, detail: withUses, valuesOf, rules, serverFills: VACCINE_FROM_STOCK });
  const stock = useStockUseField(caseRecord, 'medicalDetail', storedUses, form);
  useEffect(() => {
    stockCheck.current = stock.problems;
  });
  const refusal = useRefusedStep(caseRecord.id, 'medicalDetail');

  const input = form.getInputProps;
  const unfit = form.values.fitForSurgery === 'No';
  const detail = caseRecord.medicalDetail;
  return (
    <StepForm
      {...frame}
      fields={
        <>
          <DateField label={t('field.admissionDate')} inputProps={input('admissionDate')} />
          <ChoiceField label={t('field.fitForSurgery')} options="fitForSurgery" inputProps={input('fitForSurgery')} />
          {unfit ? (
            <>
              <ChoiceField label={t('field.unfitReason')} options="unfitReason" required inputProps={input('unfitReason')} />
              <LongTextField label={t('field.unfitNotes')} inputProps={input('unfitNotes')} />
            </>
          ) : null}
          <ChoiceField label={t('field.vaccinationStatus')} options="treatment" inputProps={input('vaccinationStatus')} />
          <ChoiceField label={t('field.dewormed')} options="treatment" inputProps={input('dewormed')} />
          <LongTextField label={t('field.medicalHistory')} inputProps={input('medicalHistory')} />
          <LongTextField label={t('field.otherDetails')} inputProps={input('otherDetails')} />
        </>
      }
      sections={
        <AbcSection caseRecord={caseRecord} title={t('cases.abc.vaccine')} filled={anyFilled(detail.vaccineName, detail.vaccineBatch, detail.vaccineExpiry, detail.vaccinationDate, storedUses)}>
          <TextField label={t('field.vaccineName')} autoComplete="off" inputProps={input('vaccineName')} />
          <TextField label={t('field.vaccineBatch')} autoComplete="off" inputProps={input('vaccineBatch')} />
          <DateField label={t('field.vaccineExpiry')} inputProps={input('vaccineExpiry')} />
          <DateField label={t('field.vaccinationDate')} inputProps={input('vaccinationDate')} />
          {stock.lines ? (
            <div style={{ gridColumn: '1 / -1' }}>
              <StockUsePicker items={stock.items} lines={stock.lines} onChange={stock.setLines} stored={storedUses ?? []} errorsOf={stock.errorsOf} refusal={refusal} />
            </div>
          ) : null}
        </AbcSection>
      }
      photos={
        <>
          <ImageUploader size="md" label={t('field.feedingRecordImage')} fieldName="FeedingRecord" maxImages={20} {...images.field('feedingRecordImage')} />
          <ImageUploader size="md" label={t('field.bloodReportImage')} fieldName="BloodReport" maxImages={20} {...images.field('bloodReportImage')} />
        </>
      }
    />
  );
}
