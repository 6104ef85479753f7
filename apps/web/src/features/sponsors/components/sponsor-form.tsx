import '@mantine/dates/styles.css';
import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { CreateSponsorInputSchema, SPONSOR_TYPES, type Me, type Sponsor, type SponsorType } from '@rescuedesk/shared';
import { AdminNgoField } from '../../../components/directory/admin-ngo-field';
import { DirectoryFormPage, FormSection, ImagesSection } from '../../../components/directory/directory-form-page';
import { useDirectoryForm } from '../../../components/directory/use-directory-form';
import { ImageUploader } from '../../../components/images/image-uploader';
import { useNarrowScreen } from '../../../hooks/use-narrow-screen';
import { formRules } from '../../../lib/form-validation';
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
  const { form, images, frame } = useDirectoryForm({
    record: sponsor,
    list: SPONSOR_LIST,
    initialValues: valuesOf(sponsor),
    validate: choosesNgo ? RULES_WITH_NGO : RULES,
    ngoId: sponsor?.ngoId ?? null,
    create: {
      title: 'Add Sponsor',
      saved: 'Sponsor created successfully',
      mutation: useCreateSponsor(),
      input: (values) => {
        const { name, type, amount, startDate, endDate } = CreateSponsorInputSchema.parse(values);
        return { name, type, amount, startDate, endDate, ...(choosesNgo ? { ngoId: values.ngoId } : {}) };
      },
    },
    update: {
      title: 'Edit Sponsor',
      saved: 'Sponsor updated successfully',
      mutation: useUpdateSponsor(),
      input: (values, record) => {
        const { name, type, amount, logo, startDate, endDate } = CreateSponsorInputSchema.parse(values);
        return { id: record.id, name, type, amount, logo, startDate, endDate };
      },
    },
  });

  const dateProps = {
    valueFormat: 'D MMM YYYY',
    leftSection: <IconCalendar size={16} stroke={1.6} />,
    dropdownType: narrow ? ('modal' as const) : ('popover' as const),
    withAsterisk: true,
  };

  return (
    <DirectoryFormPage {...frame}>
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
          <AdminNgoField role={me.role} locked={Boolean(sponsor)} form={form} />
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
      <ImagesSection title="Logo" saved={Boolean(sponsor)} beforeSave="The Sponsor Logo can be added once the sponsor is saved: open it with View.">
        <ImageUploader multiple={false} label="Sponsor Logo" fieldName="SponsorLogo" {...images.field('logo')} />
      </ImagesSection>
    </DirectoryFormPage>
  );
}
