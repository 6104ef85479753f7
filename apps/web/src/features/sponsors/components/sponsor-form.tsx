import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { CreateSponsorInputSchema, SPONSOR_TYPES, optionKey, type Me, type Sponsor, type SponsorType } from '@rescuedesk/shared';
import { AdminNgoField } from '../../../components/directory/admin-ngo-field';
import { DateField } from '../../../components/directory/date-field';
import classes from '../../../components/directory/directory.module.css';
import { DirectoryFormPage, FormSection, ImagesSection } from '../../../components/directory/directory-form-page';
import { useDirectoryForm } from '../../../components/directory/use-directory-form';
import { ImageUploader } from '../../../components/images/image-uploader';
import { fieldLabels } from '../../../components/directory/field-labels';
import { formRules } from '../../../lib/form-validation';
import { useT } from '../../../lib/i18n/use-t';
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
  type: 'field.sponsorType',
  amount: 'field.amount',
  startDate: 'field.startDate',
  endDate: 'field.endDate',
} as const;
const RULES = formRules<SponsorFormValues>(CreateSponsorInputSchema, fieldLabels(REQUIRED_INPUTS));
const RULES_WITH_NGO = formRules<SponsorFormValues>(CreateSponsorInputSchema, fieldLabels({ ...REQUIRED_INPUTS, ngoId: 'field.ngo' }));

function valuesOf(sponsor: Sponsor | undefined): SponsorFormValues {
  // Both dates start at today on a fresh form, as in the observed product.
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
  const t = useT();
  const choosesNgo = me.role === 'Admin' && !sponsor;
  const { form, images, frame } = useDirectoryForm({
    record: sponsor,
    list: SPONSOR_LIST,
    initialValues: valuesOf(sponsor),
    validate: choosesNgo ? RULES_WITH_NGO : RULES,
    ngoId: sponsor?.ngoId ?? null,
    create: {
      title: t('page.addSponsor'),
      saved: t('directory.sponsor.created'),
      mutation: useCreateSponsor(),
      input: (values) => {
        const { name, type, amount, startDate, endDate } = CreateSponsorInputSchema.parse(values);
        return { name, type, amount, startDate, endDate, ...(choosesNgo ? { ngoId: values.ngoId } : {}) };
      },
    },
    update: {
      title: t('directory.sponsor.editTitle'),
      saved: t('directory.sponsor.updated'),
      mutation: useUpdateSponsor(),
      input: (values, record) => {
        const { name, type, amount, logo, startDate, endDate } = CreateSponsorInputSchema.parse(values);
        return { id: record.id, name, type, amount, logo, startDate, endDate };
      },
    },
  });

  // Each field's props, built outside the markup (the i18n lint reads any quoted text in JSX as words on screen).
  const inputs = {
    name: form.getInputProps('name'),
    type: form.getInputProps('type'),
    amount: form.getInputProps('amount'),
    startDate: form.getInputProps('startDate'),
    endDate: form.getInputProps('endDate'),
  };
  const uploads = { logo: images.field('logo') };

  return (
    <DirectoryFormPage {...frame}>
      <FormSection title={t('directory.sponsor.details')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('field.sponsorName')} autoComplete="off" withAsterisk {...inputs.name} />
          <Select
            label={t('field.sponsorType')}
            placeholder={t('common.choose')}
            data={SPONSOR_TYPES.map((type) => ({ value: type, label: t(optionKey('sponsorType', type)) }))}
            classNames={{ option: classes.option }}
            withAsterisk
            allowDeselect={false}
            {...inputs.type}
          />
          <NumberInput
            label={t('field.amount')}
            // No min and no allowNegative={false}: both silently turn a typed '-500' into 500 or 0.
            // The minus is kept so the shared schema refuses it, naming the field.
            decimalScale={2}
            thousandSeparator=","
            hideControls
            inputMode="decimal"
            withAsterisk
            {...inputs.amount}
          />
          <AdminNgoField role={me.role} locked={Boolean(sponsor)} form={form} />
        </SimpleGrid>
      </FormSection>
      <FormSection title={t('directory.sponsor.period')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateField
            label={t('field.startDate')}
            withAsterisk
            {...inputs.startDate}
            onChange={(start) => {
              form.setFieldValue('startDate', start);
              // Keep the period valid: an end before the new start moves with it.
              const end = form.getValues().endDate;
              if (start && end && end < start) form.setFieldValue('endDate', start);
            }}
          />
          <DateField
            label={t('field.endDate')}
            withAsterisk
            minDate={form.values.startDate ?? undefined}
            {...inputs.endDate}
          />
        </SimpleGrid>
      </FormSection>
      <ImagesSection title={t('directory.common.logo')} saved={Boolean(sponsor)} beforeSave={t('directory.sponsor.beforeSave')}>
        <ImageUploader multiple={false} label={t('field.sponsorLogo')} fieldName="SponsorLogo" {...uploads.logo} />
      </ImagesSection>
    </DirectoryFormPage>
  );
}
