import { useMemo, useState, type ReactNode } from 'react';
import { SimpleGrid, TextInput } from '@mantine/core';
import { CreateReporterInputSchema, UpdateReporterInputSchema, type Me, type Reporter, type ReporterPersonalField } from '@rescuedesk/shared';
import { AdminNgoField } from '../../../components/directory/admin-ngo-field';
import { DirectoryFormPage, FormSection, ImagesSection } from '../../../components/directory/directory-form-page';
import { useDirectoryForm } from '../../../components/directory/use-directory-form';
import { ImageUploader } from '../../../components/images/image-uploader';
import { fieldLabels } from '../../../components/directory/field-labels';
import { formRules } from '../../../lib/form-validation';
import { useT } from '../../../lib/i18n/use-t';
import { notifyFailure } from '../../../lib/notify';
import { MaskedField } from '../../../components/privacy/masked-field';
import { useRevealField } from '../../privacy/api/reveal-field';
import { useCreateReporter } from '../api/create-reporter';
import { useUpdateReporter } from '../api/update-reporter';
import { REPORTER_LIST } from '../paths';

interface ReporterFormValues {
  name: string;
  contact: string;
  alternateContact: string;
  email: string;
  verificationId: string[];
  ngoId: number | null;
}

const RULES = formRules<ReporterFormValues>(CreateReporterInputSchema);
const RULES_WITH_NGO = formRules<ReporterFormValues>(CreateReporterInputSchema, fieldLabels({ ngoId: 'field.ngo' }));

/** The object without the named fields. */
function omitFields<T extends object>(values: T, fields: readonly string[]): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !fields.includes(key))) as Partial<T>;
}

function valuesOf(reporter: Reporter | undefined): ReporterFormValues {
  return {
    name: reporter?.name ?? '',
    contact: reporter?.contact ?? '',
    alternateContact: reporter?.alternateContact ?? '',
    email: reporter?.email ?? '',
    verificationId: reporter?.verificationId ?? [],
    ngoId: reporter?.ngoId ?? null,
  };
}

interface ReporterFormProps {
  me: Me;
  /** The reporter being edited; none when adding. */
  reporter?: Reporter;
}

/** Name and phone are required; alternate phone and email are optional (docs/product.md#directory-records). */
export function ReporterForm({ me, reporter }: ReporterFormProps) {
  const t = useT();
  const choosesNgo = me.role === 'Admin' && !reporter;
  // Phones and email sent masked (docs/privacy.md): shown read-only with Reveal, never checked or sent back.
  const hiddenKey = (reporter?.maskedFields ?? []).join(',');
  const validate = useMemo(() => {
    const rules = choosesNgo ? RULES_WITH_NGO : RULES;
    const hidden = hiddenKey === '' ? [] : hiddenKey.split(',');
    return hidden.length === 0 ? rules : (values: ReporterFormValues) => omitFields(rules(values), hidden);
  }, [choosesNgo, hiddenKey]);
  const { form, images, frame } = useDirectoryForm({
    record: reporter,
    list: REPORTER_LIST,
    initialValues: valuesOf(reporter),
    validate,
    ngoId: reporter?.ngoId ?? null,
    // Emptied optional fields parse to null, which clears them on the server.
    create: {
      title: t('page.addReporter'),
      saved: t('directory.reporter.created'),
      mutation: useCreateReporter(),
      input: (values) => {
        const { name, contact, alternateContact, email } = CreateReporterInputSchema.parse(values);
        return { name, contact, alternateContact, email, ...(choosesNgo ? { ngoId: values.ngoId } : {}) };
      },
    },
    update: {
      title: t('directory.reporter.editTitle'),
      saved: t('directory.reporter.updated'),
      mutation: useUpdateReporter(),
      input: (values, record) => {
        const shown = omitFields(values, record.maskedFields ?? []);
        const { name, contact, alternateContact, email, verificationId } = UpdateReporterInputSchema.parse({ ...shown, id: record.id });
        return { id: record.id, name, contact, alternateContact, email, verificationId };
      },
    },
  });

  // Each field's props, built outside the markup (the i18n lint reads any quoted text in JSX as words on screen).
  const inputs = {
    name: form.getInputProps('name'),
    contact: form.getInputProps('contact'),
    alternateContact: form.getInputProps('alternateContact'),
    email: form.getInputProps('email'),
  };
  const uploads = { verificationId: images.field('verificationId') };
  const reveal = useRevealField();
  // Values revealed on this page only: never in the form, so a save sends none of them.
  const [revealed, setRevealed] = useState<Partial<Record<ReporterPersonalField, string>>>({});
  const contactField = (field: ReporterPersonalField, label: string, input: ReactNode, required = false) =>
    reporter?.maskedFields?.includes(field) ? (
      <MaskedField
        label={label}
        required={required}
        value={revealed[field] ?? form.values[field]}
        revealed={revealed[field] !== undefined}
        kind={field === 'email' ? 'email' : 'phone'}
        hint={t('privacy.maskedHintReporter')}
        revealing={reveal.isPending && reveal.variables.field === field}
        onReveal={() =>
          reveal.mutate(
            { record: 'reporter', id: reporter.id, field },
            { onSuccess: ({ value }) => setRevealed((before) => ({ ...before, [field]: value ?? '' })), onError: (error) => notifyFailure(t('privacy.revealFailed'), error) },
          )
        }
      />
    ) : (
      input
    );

  const contacts = {
    contact: contactField('contact', t('field.reporterContact'), <TextInput label={t('field.reporterContact')} type="tel" inputMode="tel" autoComplete="off" withAsterisk {...inputs.contact} />, true),
    alternateContact: contactField('alternateContact', t('field.reporterAltContact'), <TextInput label={t('field.reporterAltContact')} type="tel" inputMode="tel" autoComplete="off" {...inputs.alternateContact} />),
    email: contactField('email', t('field.emailId'), <TextInput label={t('field.emailId')} type="email" inputMode="email" autoComplete="off" {...inputs.email} />),
  };

  return (
    <DirectoryFormPage {...frame}>
      <FormSection title={t('directory.reporter.details')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('field.reporterRecordName')} autoComplete="off" withAsterisk {...inputs.name} />
          {contacts.contact}
          {contacts.alternateContact}
          {contacts.email}
          <AdminNgoField role={me.role} locked={Boolean(reporter)} form={form} />
        </SimpleGrid>
      </FormSection>
      <ImagesSection
        title={t('directory.reporter.verification')}
        saved={Boolean(reporter)}
        beforeSave={t('directory.reporter.beforeSave')}
      >
        <ImageUploader label={t('field.verificationId')} fieldName="Verification" {...uploads.verificationId} />
      </ImagesSection>
    </DirectoryFormPage>
  );
}
