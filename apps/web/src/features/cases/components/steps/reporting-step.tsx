import { useState } from 'react';
import { Button, Divider, Group, SimpleGrid, Text } from '@mantine/core';
import { IconAddressBook, IconCheck } from '@tabler/icons-react';
import { CAPTURE_FIELDS, CreateReporterInputSchema, UpdateReportingDetailInputSchema, type Case, type CasePersonalField, type MessageKey, type REQUIRED_REPORTING_FIELDS } from '@rescuedesk/shared';
import { ImageUploader } from '../../../../components/images/image-uploader';
import { useT } from '../../../../lib/i18n/use-t';
import { notifyError, notifyFailure, notifySuccess } from '../../../../lib/notify';
import { ActionKeys } from '../../api/idempotency';
import type { ReporterChoice } from '../../api/get-directory-choices';
import { revealField, useRevealField } from '../../../privacy/api/reveal-field';
import { useSaveReporter } from '../../api/save-reporter';
import { anyFilled } from './abc-section';
import { CaptureSection } from './capture-section';
import { MaskedField } from '../../../../components/privacy/masked-field';
import { MoreDetails } from './more-details';
import { ReporterLookup } from './reporter-lookup';
import { ChoiceField, DateField, TextField, TimeField } from './step-fields';
import { StepForm } from './step-form';
import type { StepProps } from './step-navigation';
import { currentTime, isFresh, textOf, today } from './step-values';
import { CaseDuplicates } from './case-duplicates';
import { CaseReportAdditions } from './case-report-additions';
import { stepRules, useStepForm } from './use-step-form';

const StepSchema = UpdateReportingDetailInputSchema.omit({ caseId: true });

/** The reporter step cannot be saved without these (docs/product.md, "The five steps"), each with its label's key. */
const REQUIRED_LABELS: Record<(typeof REQUIRED_REPORTING_FIELDS)[number], MessageKey> = {
  reporterName: 'field.reporterName',
  reporterContact: 'field.reporterContact',
  location: 'field.location',
  pincode: 'field.pincode',
  landmark: 'field.landmark',
  reportedDate: 'field.reportedDate',
  reportedTime: 'field.reportedTime',
};

const RULES = stepRules(StepSchema, REQUIRED_LABELS);

/** Rarely filled when the call comes in: behind 'More details' until opened or filled (issue 34). */
const FOLDED = ['reporterAltContact', 'reporterEmail', 'pickupDate', 'pickupTime', 'privacyNoticeGiven', 'contactConsent', 'consentFormImage', 'verificationIdFrontImage', 'verificationIdBackImage'] as const;

/**
 * A fresh step starts with the call's date and time (the case is usually recorded as the call comes
 * in; both are required and shown, so saving confirms them). The pickup has not happened yet: it
 * stays empty until the user fills it.
 */
function valuesOf(detail: Case['reportingDetail']) {
  const fresh = isFresh(detail);
  return {
    reporterName: textOf(detail.reporterName),
    reporterContact: textOf(detail.reporterContact),
    reporterAltContact: textOf(detail.reporterAltContact),
    reporterEmail: textOf(detail.reporterEmail),
    location: textOf(detail.location),
    landmark: textOf(detail.landmark),
    pincode: textOf(detail.pincode),
    reportedDate: textOf(detail.reportedDate, fresh ? today() : ''),
    reportedTime: textOf(detail.reportedTime, fresh ? currentTime() : ''),
    pickupDate: textOf(detail.pickupDate),
    pickupTime: textOf(detail.pickupTime),
    consentFormImage: detail.consentFormImage ?? [],
    verificationIdFrontImage: detail.verificationIdFrontImage,
    verificationIdBackImage: detail.verificationIdBackImage,
    // Nothing is assumed: the notice and the consent are only what the worker answered.
    privacyNoticeGiven: textOf(detail.privacyNoticeGiven),
    contactConsent: textOf(detail.contactConsent),
    captureLatitude: textOf(detail.captureLatitude),
    captureLongitude: textOf(detail.captureLongitude),
    captureAccuracy: textOf(detail.captureAccuracy),
    captureSource: textOf(detail.captureSource),
    captureDate: textOf(detail.captureDate),
    captureTime: textOf(detail.captureTime),
    catchingSquad: detail.catchingSquad ?? [],
    wardZone: textOf(detail.wardZone),
  };
}

export type ReportingValues = ReturnType<typeof valuesOf>;
type Values = ReportingValues;

/** The reporter typed into the case, as a directory record; null while it is not a valid one. */
function reporterInput(values: Values, ngoId: number | null) {
  const parsed = CreateReporterInputSchema.safeParse({
    name: values.reporterName,
    contact: values.reporterContact,
    alternateContact: values.reporterAltContact,
    email: values.reporterEmail,
    ...(ngoId === null ? {} : { ngoId }),
  });
  return parsed.success ? parsed.data : null;
}

const sameReporter = (values: Values, reporter: ReporterChoice) => values.reporterName.trim() === reporter.name && values.reporterContact.trim() === reporter.contact;

/** Step 1, Reporter Details: who reported the animal, where and when. */
export function ReportingStep({ caseRecord }: StepProps) {
  const t = useT();
  const masked = caseRecord.maskedFields;
  const { form, images, frame } = useStepForm({ step: 'reportingDetail', caseRecord, detail: caseRecord.reportingDetail, valuesOf, rules: RULES, standalone: CAPTURE_FIELDS, masked });
  const reveal = useRevealField();
  // Values revealed on this page only: never in the form (the save sends none of them) nor in the kept cache.
  const [revealed, setRevealed] = useState<Partial<Record<CasePersonalField, string>>>({});
  const maskedField = (field: CasePersonalField, label: string, required = false) =>
    masked?.includes(field) ? (
      <MaskedField
        label={label}
        required={required}
        value={revealed[field] ?? form.values[field]}
        revealed={revealed[field] !== undefined}
        kind={field === 'reporterEmail' ? 'email' : 'phone'}
        revealing={reveal.isPending && reveal.variables.field === field}
        onReveal={() =>
          caseRecord.id !== null &&
          reveal.mutate(
            { record: 'case', id: caseRecord.id, field },
            { onSuccess: ({ value }) => setRevealed((before) => ({ ...before, [field]: value ?? '' })), onError: (error) => notifyFailure(t('privacy.revealFailed'), error) },
          )
        }
      />
    ) : null;
  const saveReporter = useSaveReporter();
  const [keys] = useState(() => new ActionKeys());
  // The directory's record the reporter fields hold (picked, or saved from here): no need to offer saving it.
  const [known, setKnown] = useState<ReporterChoice | null>(null);
  // Offered only for a reporter typed into this case, not for one stored before.
  const [typedHere, setTypedHere] = useState(false);

  const pick = (reporter: ReporterChoice) =>
    form.setValues({
      reporterName: reporter.name,
      reporterContact: reporter.contact,
      reporterAltContact: reporter.alternateContact ?? '',
      reporterEmail: reporter.email ?? '',
    });

  /**
   * A reporter picked from the directory fills the step. One whose phones or email this user sees
   * masked (a Worker who did not add them) is revealed first, each field logged, since the case
   * needs the number itself; a field that cannot be revealed (offline) is left for the user to type.
   */
  const pickFromDirectory = async (reporter: ReporterChoice) => {
    const hidden = reporter.maskedFields ?? [];
    const answers = await Promise.all(
      hidden.map((field) =>
        revealField({ record: 'reporter', id: reporter.id, field }).then(
          ({ value }) => ({ field, value: value ?? '', error: null }),
          (error: unknown) => ({ field, value: null, error }),
        ),
      ),
    );
    const failed = answers.find((answer) => answer.value === null);
    if (failed) notifyFailure(t('privacy.revealFailed'), failed.error);
    const full: ReporterChoice = { ...reporter, maskedFields: [] };
    for (const { field, value } of answers) {
      if (field === 'contact') full.contact = value ?? '';
      else full[field] = value || null;
    }
    pick(full);
    setKnown(full);
  };

  const values = form.values;
  const newReporter = typedHere ? reporterInput(values, caseRecord.ngoId) : null;
  const isKnown = known !== null && sameReporter(values, known);
  const saveToDirectory = () => {
    if (!newReporter) return;
    saveReporter.mutate(
      { input: newReporter, idempotencyKey: keys.keyFor('reporter', newReporter) },
      {
        onSuccess: ({ reporter, created }) => {
          keys.done('reporter');
          // The server matched the name and phone as typed here (spacing and +91 aside; a Worker may
          // be answered with the number masked): the step holds that reporter as typed.
          setKnown({ ...reporter, name: newReporter.name, contact: newReporter.contact });
          notifySuccess(created ? t('cases.reporter.saved') : t('cases.reporter.alreadySaved'));
        },
        onError: (error) => notifyError(error),
      },
    );
  };

  const input = form.getInputProps;
  // The fold ('More details') shows whenever one of its fields holds a value or an error.
  const foldedHoldsSomething =
    FOLDED.some((name) => form.errors[name] !== undefined) ||
    anyFilled(values.reporterAltContact, values.reporterEmail, values.pickupDate, values.pickupTime, values.privacyNoticeGiven, values.contactConsent, values.consentFormImage, values.verificationIdFrontImage, values.verificationIdBackImage);
  const lookup = {
    ngoId: caseRecord.ngoId,
    onType: () => setTypedHere(true),
    onPick: (reporter: ReporterChoice) => {
      void pickFromDirectory(reporter);
    },
  };
  return (
    <StepForm
      {...frame}
      fields={
        <>
          <ReporterLookup label={t('field.reporterName')} required shows="name" inputProps={input('reporterName')} {...lookup} />
          {maskedField('reporterContact', t('field.reporterContact'), true) ?? (
            <ReporterLookup label={t('field.reporterContact')} required shows="contact" type="tel" inputMode="tel" inputProps={input('reporterContact')} {...lookup} />
          )}
          <TextField label={t('field.location')} required autoComplete="off" inputProps={input('location')} />
          <TextField label={t('field.landmark')} required autoComplete="off" inputProps={input('landmark')} />
          <TextField label={t('field.pincode')} required inputMode="numeric" maxLength={6} autoComplete="off" inputProps={input('pincode')} />
          <DateField label={t('field.reportedDate')} required inputProps={input('reportedDate')} />
          <TimeField label={t('field.reportedTime')} required inputProps={input('reportedTime')} />
        </>
      }
      sections={
        <>
          <CaptureSection caseRecord={caseRecord} form={form} />
          <CaseDuplicates caseRecord={caseRecord} values={values} />
          <CaseReportAdditions caseRecord={caseRecord} />
          <MoreDetails caseId={caseRecord.id} holds={foldedHoldsSomething}>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
              {maskedField('reporterAltContact', t('field.reporterAltContact')) ?? <TextField label={t('field.reporterAltContact')} type="tel" inputMode="tel" autoComplete="off" inputProps={input('reporterAltContact')} />}
              {maskedField('reporterEmail', t('field.reporterEmail')) ?? <TextField label={t('field.reporterEmail')} type="email" inputMode="email" autoComplete="off" inputProps={input('reporterEmail')} />}
              <DateField label={t('field.pickupDate')} inputProps={input('pickupDate')} />
              <TimeField label={t('field.pickupTime')} inputProps={input('pickupTime')} />
            </SimpleGrid>
            <Divider label={t('privacy.notice.title')} labelPosition="left" />
            <Text size="sm">{t('privacy.notice.text')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <ChoiceField label={t('field.privacyNoticeGiven')} options="yesNo" inputProps={input('privacyNoticeGiven')} />
              <ChoiceField label={t('field.contactConsent')} options="yesNo" inputProps={input('contactConsent')} />
            </SimpleGrid>
            <Divider label={t('cases.step.photos')} labelPosition="left" />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
              <ImageUploader size="md" label={t('field.consentFormImage')} fieldName="consentFormImage" maxImages={20} {...images.field('consentFormImage')} />
              <ImageUploader size="md" multiple={false} label={t('field.verificationIdFrontImage')} fieldName="verificationIdFrontImage" {...images.field('verificationIdFrontImage')} />
              <ImageUploader size="md" multiple={false} label={t('field.verificationIdBackImage')} fieldName="verificationIdBackImage" {...images.field('verificationIdBackImage')} />
            </SimpleGrid>
          </MoreDetails>
        </>
      }
      footer={
        isKnown ? (
          <Group gap={6} c="dimmed">
            <IconCheck size={16} aria-hidden />
            <Text size="sm">{t('cases.reporter.inDirectory')}</Text>
          </Group>
        ) : newReporter ? (
          <Group>
            <Button variant="light" size="md" leftSection={<IconAddressBook size={18} aria-hidden />} loading={saveReporter.isPending} onClick={saveToDirectory}>
              {t('cases.reporter.saveToDirectory')}
            </Button>
          </Group>
        ) : null
      }
    />
  );
}
