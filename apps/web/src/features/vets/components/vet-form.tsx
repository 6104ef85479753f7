import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CreateVetInputSchema, type Me, type Vet } from '@rescuedesk/shared';
import { AdminNgoField } from '../../../components/directory/admin-ngo-field';
import { DirectoryFormPage, FormSection } from '../../../components/directory/directory-form-page';
import { formRules, notifyInvalidForm } from '../../../lib/form-validation';
import { useReturnAfterSave } from '../../../hooks/use-return-after-save';
import { ImageUploader } from '../../../components/images/image-uploader';
import { useImageFields } from '../../../components/images/use-image-fields';
import { useUnsavedChanges } from '../../../components/unsaved-changes/use-unsaved-changes';
import { useValidationAfterSubmit } from '../../../hooks/use-validation-after-submit';
import { notifyError } from '../../../lib/notify';
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
  const form = useForm<VetFormValues>({ initialValues: valuesOf(vet), validate: choosesNgo ? RULES_WITH_NGO : RULES });
  const { markSubmitted } = useValidationAfterSubmit(form);
  const createVet = useCreateVet();
  const updateVet = useUpdateVet();
  const { saved, returning } = useReturnAfterSave(VET_LIST.to, form);
  const images = useImageFields(form, vet?.ngoId ?? null);
  useUnsavedChanges(() => form.isDirty() || images.uploading);

  const submit = form.onSubmit((values) => {
    const { name, regId, vetCertification, verificationId } = CreateVetInputSchema.parse(values);
    if (vet) {
      updateVet.mutate(
        { id: vet.id, name, regId, vetCertification, verificationId },
        { onSuccess: () => saved('Vet updated successfully'), onError: notifyError },
      );
    } else {
      createVet.mutate(
        { name, regId, ...(choosesNgo ? { ngoId: values.ngoId } : {}) },
        { onSuccess: () => saved('Vet created successfully'), onError: notifyError },
      );
    }
  }, notifyInvalidForm);

  return (
    <DirectoryFormPage
      title={vet ? 'Edit Vet' : 'Add Vet'}
      list={VET_LIST}
      onSubmit={(event) => {
        markSubmitted();
        submit(event);
      }}
      saving={createVet.isPending || updateVet.isPending || returning}
      uploading={images.uploading}
    >
      <FormSection title="Vet details">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Vet name" autoComplete="off" withAsterisk {...form.getInputProps('name')} />
          <TextInput label="Registration ID" autoComplete="off" withAsterisk {...form.getInputProps('regId')} />
          <AdminNgoField
            role={me.role}
            locked={Boolean(vet)}
            value={form.values.ngoId}
            onChange={(ngoId) => form.setFieldValue('ngoId', ngoId)}
            error={form.errors.ngoId}
          />
        </SimpleGrid>
      </FormSection>
      {vet ? (
        <FormSection title="Documents">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <ImageUploader label="Vet Certification" fieldName="VetCertification" {...images.field('vetCertification')} />
            <ImageUploader label="Verification ID" fieldName="Verification" {...images.field('verificationId')} />
          </SimpleGrid>
        </FormSection>
      ) : (
        <FormSection
          title="Documents"
          description="The Vet Certification and Verification ID can be added once the vet is saved: open it with View."
        />
      )}
    </DirectoryFormPage>
  );
}
