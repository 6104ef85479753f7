import '@mantine/dates/styles.css';
import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { CreateSponsorInputSchema, SPONSOR_TYPES, type Me, type Sponsor, type SponsorType } from '@rescuedesk/shared';
import { AdminNgoField } from '../../../components/directory/admin-ngo-field';
import { DirectoryFormPage, FormSection } from '../../../components/directory/directory-form-page';
import { formRules, notifyInvalidForm } from '../../../lib/form-validation';
import { useNarrowScreen } from '../../../hooks/use-narrow-screen';
import { useReturnAfterSave } from '../../../hooks/use-return-after-save';
import { ImageUploader } from '../../../components/images/image-uploader';
import { useImageFields } from '../../../components/images/use-image-fields';
import { useUnsavedChanges } from '../../../components/unsaved-changes/use-unsaved-changes';
import { useValidationAfterSubmit } from '../../../hooks/use-validation-after-submit';
import { notifyError } from '../../../lib/notify';
import { useCreateSponsor } from '../api/create-sponsor';
import { useUpdateSponsor } from '../api/update-sponsor';
import { SPONSOR_LIST } from '../paths';

interface SponsorFormValues {
  name: string;
  type: SponsorType | null;
  /** NumberInput gives '' while empty. */
  amount: number | string;
  logo: string | null;
  startDate: string | null;
  endDate: string | null;
  ngoId: number | null;
}

const REQUIRED_INPUTS = {
  type: 'Sponsorship Type',
  amount: 'Sponsor Amount',
  startDate: 'Start Date',
  endDate: 'End Date',
} as const;
const RULES = formRules<SponsorFormValues>(CreateSponsorInputSchema, REQUIRED_INPUTS);
const RULES_WITH_NGO = formRules<SponsorFormValues>(CreateSponsorInputSchema, { ...REQUIRED_INPUTS, ngoId: 'NGO' });

function valuesOf(sponsor: Sponsor | undefined): SponsorFormValues {
  // Spec section 2: both dates default to today on a fresh form.
  const today = dayjs().format('YYYY-MM-DD');
  return {
    name: sponsor?.name ?? '',
    type: sponsor?.type ?? null,
    amount: sponsor?.amount ?? '',
    logo: sponsor?.logo ?? null,
    startDate: sponsor?.startDate ?? today,
    endDate: sponsor?.endDate ?? today,
    ngoId: sponsor?.ngoId ?? null,
  };
}

interface SponsorFormProps {
  me: Me;
  /** The sponsor being edited; none when adding. */
  sponsor?: Sponsor;
}

export function SponsorForm({ me, sponsor }: SponsorFormProps) {
  const narrow = useNarrowScreen();
  const choosesNgo = me.role === 'Admin' && !sponsor;
  const form = useForm<SponsorFormValues>({
    initialValues: valuesOf(sponsor),
    validate: choosesNgo ? RULES_WITH_NGO : RULES,
  });
  const { markSubmitted } = useValidationAfterSubmit(form);
  const createSponsor = useCreateSponsor();
  const updateSponsor = useUpdateSponsor();
  const { saved, returning } = useReturnAfterSave(SPONSOR_LIST.to, form);
  const images = useImageFields(form, sponsor?.ngoId ?? null);
  useUnsavedChanges(() => form.isDirty() || images.uploading);

  const submit = form.onSubmit((values) => {
    const { name, type, amount, logo, startDate, endDate } = CreateSponsorInputSchema.parse(values);
    if (sponsor) {
      updateSponsor.mutate(
        { id: sponsor.id, name, type, amount, logo, startDate, endDate },
        { onSuccess: () => saved('Sponsor updated successfully'), onError: notifyError },
      );
    } else {
      createSponsor.mutate(
        { name, type, amount, startDate, endDate, ...(choosesNgo ? { ngoId: values.ngoId } : {}) },
        { onSuccess: () => saved('Sponsor created successfully'), onError: notifyError },
      );
    }
  }, notifyInvalidForm);

  const dateProps = {
    valueFormat: 'D MMM YYYY',
    leftSection: <IconCalendar size={16} stroke={1.6} />,
    dropdownType: narrow ? ('modal' as const) : ('popover' as const),
    withAsterisk: true,
  };

  return (
    <DirectoryFormPage
      title={sponsor ? 'Edit Sponsor' : 'Add Sponsor'}
      list={SPONSOR_LIST}
      onSubmit={(event) => {
        markSubmitted();
        submit(event);
      }}
      saving={createSponsor.isPending || updateSponsor.isPending || returning}
      uploading={images.uploading}
    >
      <FormSection title="Sponsor details">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Sponsor Name" autoComplete="off" withAsterisk {...form.getInputProps('name')} />
          <Select
            label="Sponsorship Type"
            placeholder="Choose"
            data={SPONSOR_TYPES}
            withAsterisk
            allowDeselect={false}
            {...form.getInputProps('type')}
          />
          <NumberInput
            label="Sponsor Amount"
            // No min and no allowNegative={false}: both silently turn a typed '-500' into 500 or 0.
            // The minus is kept so the shared schema refuses it, naming the field.
            decimalScale={2}
            thousandSeparator=","
            hideControls
            inputMode="decimal"
            withAsterisk
            {...form.getInputProps('amount')}
          />
          <AdminNgoField
            role={me.role}
            locked={Boolean(sponsor)}
            value={form.values.ngoId}
            onChange={(ngoId) => form.setFieldValue('ngoId', ngoId)}
            error={form.errors.ngoId}
          />
        </SimpleGrid>
      </FormSection>
      <FormSection title="Sponsorship period">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DatePickerInput
            label="Start Date"
            {...dateProps}
            {...form.getInputProps('startDate')}
            onChange={(start) => {
              form.setFieldValue('startDate', start);
              // Keep the period valid: an end before the new start moves with it.
              const end = form.getValues().endDate;
              if (start && end && end < start) form.setFieldValue('endDate', start);
            }}
          />
          <DatePickerInput
            label="End Date"
            minDate={form.values.startDate ?? undefined}
            {...dateProps}
            {...form.getInputProps('endDate')}
          />
        </SimpleGrid>
      </FormSection>
      {sponsor ? (
        <FormSection title="Logo">
          <ImageUploader multiple={false} label="Sponsor Logo" fieldName="SponsorLogo" {...images.field('logo')} />
        </FormSection>
      ) : (
        <FormSection title="Logo" description="The Sponsor Logo can be added once the sponsor is saved: open it with View." />
      )}
    </DirectoryFormPage>
  );
}
