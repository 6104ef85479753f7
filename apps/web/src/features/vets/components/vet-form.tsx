import { SimpleGrid, TextInput } from '@mantine/core';
import { CreateVetInputSchema, type Me, type Vet } from '@rescuedesk/shared';
import { AdminNgoField } from '../../../components/directory/admin-ngo-field';
import { DirectoryFormPage, FormSection, ImagesSection } from '../../../components/directory/directory-form-page';
import { useDirectoryForm } from '../../../components/directory/use-directory-form';
import { ImageUploader } from '../../../components/images/image-uploader';
import { fieldLabels } from '../../../components/directory/field-labels';
import { formRules } from '../../../lib/form-validation';
import { useT } from '../../../lib/i18n/use-t';
import { useCreateVet } from '../api/create-vet';
import { useUpdateVet } from '../api/update-vet';
import { VET_LIST } from '../paths';

interface VetFormValues {
  name: string;
  regId: string;
  vetCertification: string[];
  verificationId: string[];
  ngoId: number | null;
}

const RULES = formRules<VetFormValues>(CreateVetInputSchema);
const RULES_WITH_NGO = formRules<VetFormValues>(CreateVetInputSchema, fieldLabels({ ngoId: 'field.ngo' }));

function valuesOf(vet: Vet | undefined): VetFormValues {
  return {
    name: vet?.name ?? '',
    regId: vet?.regId ?? '',
    vetCertification: vet?.vetCertification ?? [],
    verificationId: vet?.verificationId ?? [],
    ngoId: vet?.ngoId ?? null,
  };
}

interface VetFormProps {
  me: Me;
  /** The vet being edited; none when adding. */
  vet?: Vet;
}

export function VetForm({ me, vet }: VetFormProps) {
  const t = useT();
  const choosesNgo = me.role === 'Admin' && !vet;
  const { form, images, frame } = useDirectoryForm({
    record: vet,
    list: VET_LIST,
    initialValues: valuesOf(vet),
    validate: choosesNgo ? RULES_WITH_NGO : RULES,
    ngoId: vet?.ngoId ?? null,
    create: {
      title: t('page.addVet'),
      saved: t('directory.vet.created'),
      mutation: useCreateVet(),
      input: (values) => {
        const { name, regId } = CreateVetInputSchema.parse(values);
        return { name, regId, ...(choosesNgo ? { ngoId: values.ngoId } : {}) };
      },
    },
    update: {
      title: t('directory.vet.editTitle'),
      saved: t('directory.vet.updated'),
      mutation: useUpdateVet(),
      input: (values, record) => {
        const { name, regId, vetCertification, verificationId } = CreateVetInputSchema.parse(values);
        return { id: record.id, name, regId, vetCertification, verificationId };
      },
    },
  });

  // Each field's props, built outside the markup (the i18n lint reads any quoted text in JSX as words on screen).
  const inputs = { name: form.getInputProps('name'), regId: form.getInputProps('regId') };
  const uploads = { vetCertification: images.field('vetCertification'), verificationId: images.field('verificationId') };

  return (
    <DirectoryFormPage {...frame}>
      <FormSection title={t('directory.vet.details')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('field.vetRecordName')} autoComplete="off" withAsterisk {...inputs.name} />
          <TextInput label={t('field.regId')} autoComplete="off" withAsterisk {...inputs.regId} />
          <AdminNgoField role={me.role} locked={Boolean(vet)} form={form} />
        </SimpleGrid>
      </FormSection>
      <ImagesSection
        title={t('directory.vet.documents')}
        saved={Boolean(vet)}
        beforeSave={t('directory.vet.beforeSave')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <ImageUploader label={t('field.vetCertification')} fieldName="VetCertification" {...uploads.vetCertification} />
          <ImageUploader label={t('field.verificationId')} fieldName="Verification" {...uploads.verificationId} />
        </SimpleGrid>
      </ImagesSection>
    </DirectoryFormPage>
  );
}
