import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CreateReporterInputSchema, type Me, type Reporter } from '@rescuedesk/shared';
import { AdminNgoField } from '../../../components/directory/admin-ngo-field';
import { DirectoryFormPage, FormSection } from '../../../components/directory/directory-form-page';
import { formRules, notifyInvalidForm } from '../../../lib/form-validation';
import { useReturnAfterSave } from '../../../hooks/use-return-after-save';
import { ImageUploader } from '../../../components/images/image-uploader';
import { useImageFields } from '../../../components/images/use-image-fields';
import { useUnsavedChanges } from '../../../components/unsaved-changes/use-unsaved-changes';
import { useValidationAfterSubmit } from '../../../hooks/use-validation-after-submit';
import { notifyError } from '../../../lib/notify';
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
const RULES_WITH_NGO = formRules<ReporterFormValues>(CreateReporterInputSchema, { ngoId: 'NGO' });

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

/** Name and phone are required; alternate phone and email are optional (decisions.md). */
export function ReporterForm({ me, reporter }: ReporterFormProps) {
  const choosesNgo = me.role === 'Admin' && !reporter;
  const form = useForm<ReporterFormValues>({
    initialValues: valuesOf(reporter),
    validate: choosesNgo ? RULES_WITH_NGO : RULES,
  });
  const { markSubmitted } = useValidationAfterSubmit(form);
  const createReporter = useCreateReporter();
  const updateReporter = useUpdateReporter();
  const { saved, returning } = useReturnAfterSave(REPORTER_LIST.to, form);
  const images = useImageFields(form, reporter?.ngoId ?? null);
  useUnsavedChanges(() => form.isDirty() || images.uploading);

  const submit = form.onSubmit((values) => {
    // Emptied optional fields parse to null, which clears them on the server.
    const { name, contact, alternateContact, email, verificationId } = CreateReporterInputSchema.parse(values);
    if (reporter) {
      updateReporter.mutate(
        { id: reporter.id, name, contact, alternateContact, email, verificationId },
        { onSuccess: () => saved('Reporter updated successfully'), onError: notifyError },
      );
    } else {
      createReporter.mutate(
        { name, contact, alternateContact, email, ...(choosesNgo ? { ngoId: values.ngoId } : {}) },
        { onSuccess: () => saved('Reporter created successfully'), onError: notifyError },
      );
    }
  }, notifyInvalidForm);

  return (
    <DirectoryFormPage
      title={reporter ? 'Edit Reporter' : 'Add Reporter'}
      list={REPORTER_LIST}
      onSubmit={(event) => {
        markSubmitted();
        submit(event);
      }}
      saving={createReporter.isPending || updateReporter.isPending || returning}
      uploading={images.uploading}
    >
      <FormSection title="Reporter details">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Reporter name" autoComplete="off" withAsterisk {...form.getInputProps('name')} />
          <TextInput label="Phone Number" type="tel" inputMode="tel" autoComplete="off" withAsterisk {...form.getInputProps('contact')} />
          <TextInput
            label="Alternate Phone Number"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            {...form.getInputProps('alternateContact')}
          />
          <TextInput label="Email ID" type="email" inputMode="email" autoComplete="off" {...form.getInputProps('email')} />
          <AdminNgoField
            role={me.role}
            locked={Boolean(reporter)}
            value={form.values.ngoId}
            onChange={(ngoId) => form.setFieldValue('ngoId', ngoId)}
            error={form.errors.ngoId}
          />
        </SimpleGrid>
      </FormSection>
      {reporter ? (
        <FormSection title="Verification">
          <ImageUploader label="Verification ID" fieldName="Verification" {...images.field('verificationId')} />
        </FormSection>
      ) : (
        <FormSection
          title="Verification"
          description="The Verification ID can be added once the reporter is saved: open it with View."
        />
      )}
    </DirectoryFormPage>
  );
}
