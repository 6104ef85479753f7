import { SimpleGrid, TextInput } from '@mantine/core';
import { CreateReporterInputSchema, type Me, type Reporter } from '@rescuedesk/shared';
import { AdminNgoField } from '../../../components/directory/admin-ngo-field';
import { DirectoryFormPage, FormSection, ImagesSection } from '../../../components/directory/directory-form-page';
import { useDirectoryForm } from '../../../components/directory/use-directory-form';
import { ImageUploader } from '../../../components/images/image-uploader';
import { formRules } from '../../../lib/form-validation';
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
  const { form, images, frame } = useDirectoryForm({
    record: reporter,
    list: REPORTER_LIST,
    initialValues: valuesOf(reporter),
    validate: choosesNgo ? RULES_WITH_NGO : RULES,
    ngoId: reporter?.ngoId ?? null,
    // Emptied optional fields parse to null, which clears them on the server.
    create: {
      title: 'Add Reporter',
      saved: 'Reporter created successfully',
      mutation: useCreateReporter(),
      input: (values) => {
        const { name, contact, alternateContact, email } = CreateReporterInputSchema.parse(values);
        return { name, contact, alternateContact, email, ...(choosesNgo ? { ngoId: values.ngoId } : {}) };
      },
    },
    update: {
      title: 'Edit Reporter',
      saved: 'Reporter updated successfully',
      mutation: useUpdateReporter(),
      input: (values, record) => {
        const { name, contact, alternateContact, email, verificationId } = CreateReporterInputSchema.parse(values);
        return { id: record.id, name, contact, alternateContact, email, verificationId };
      },
    },
  });

  return (
    <DirectoryFormPage {...frame}>
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
          <AdminNgoField role={me.role} locked={Boolean(reporter)} form={form} />
        </SimpleGrid>
      </FormSection>
      <ImagesSection
        title="Verification"
        saved={Boolean(reporter)}
        beforeSave="The Verification ID can be added once the reporter is saved: open it with View."
      >
        <ImageUploader label="Verification ID" fieldName="Verification" {...images.field('verificationId')} />
      </ImagesSection>
    </DirectoryFormPage>
  );
}
