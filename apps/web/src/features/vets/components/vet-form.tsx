import { SimpleGrid, TextInput } from '@mantine/core';
import { CreateVetInputSchema, type Me, type Vet } from '@rescuedesk/shared';
import { AdminNgoField } from '../../../components/directory/admin-ngo-field';
import { DirectoryFormPage, FormSection, ImagesSection } from '../../../components/directory/directory-form-page';
import { useDirectoryForm } from '../../../components/directory/use-directory-form';
import { ImageUploader } from '../../../components/images/image-uploader';
import { formRules } from '../../../lib/form-validation';
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
const RULES_WITH_NGO = formRules<VetFormValues>(CreateVetInputSchema, { ngoId: 'NGO' });

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
  const choosesNgo = me.role === 'Admin' && !vet;
  const { form, images, frame } = useDirectoryForm({
    record: vet,
    list: VET_LIST,
    initialValues: valuesOf(vet),
    validate: choosesNgo ? RULES_WITH_NGO : RULES,
    ngoId: vet?.ngoId ?? null,
    create: {
      title: 'Add Vet',
      saved: 'Vet created successfully',
      mutation: useCreateVet(),
      input: (values) => {
        const { name, regId } = CreateVetInputSchema.parse(values);
        return { name, regId, ...(choosesNgo ? { ngoId: values.ngoId } : {}) };
      },
    },
    update: {
      title: 'Edit Vet',
      saved: 'Vet updated successfully',
      mutation: useUpdateVet(),
      input: (values, record) => {
        const { name, regId, vetCertification, verificationId } = CreateVetInputSchema.parse(values);
        return { id: record.id, name, regId, vetCertification, verificationId };
      },
    },
  });

  return (
    <DirectoryFormPage {...frame}>
      <FormSection title="Vet details">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Vet name" autoComplete="off" withAsterisk {...form.getInputProps('name')} />
          <TextInput label="Registration ID" autoComplete="off" withAsterisk {...form.getInputProps('regId')} />
          <AdminNgoField role={me.role} locked={Boolean(vet)} form={form} />
        </SimpleGrid>
      </FormSection>
      <ImagesSection
        title="Documents"
        saved={Boolean(vet)}
        beforeSave="The Vet Certification and Verification ID can be added once the vet is saved: open it with View."
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <ImageUploader label="Vet Certification" fieldName="VetCertification" {...images.field('vetCertification')} />
          <ImageUploader label="Verification ID" fieldName="Verification" {...images.field('verificationId')} />
        </SimpleGrid>
      </ImagesSection>
    </DirectoryFormPage>
  );
}
