import { SimpleGrid, Switch, TextInput, Textarea } from '@mantine/core';
import { IconAt, IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin, IconBrandX, IconPhone, IconWorld } from '@tabler/icons-react';
import { CreateNgoInputSchema, DEFAULT_RELEASE_THRESHOLD_M, DEFAULT_RETENTION_MONTHS, NgoDetailsSchema, type Ngo } from '@rescuedesk/shared';
import { DirectoryFormPage, FormSection, ImagesSection } from '../../../components/directory/directory-form-page';
import { useDirectoryForm } from '../../../components/directory/use-directory-form';
import { ImageUploader } from '../../../components/images/image-uploader';
import { formRules } from '../../../lib/form-validation';
import { useT } from '../../../lib/i18n/use-t';
import { useCreateNgo } from '../api/create-ngo';
import { useUpdateNgo } from '../api/update-ngo';
import { NGO_LIST } from '../paths';

interface NgoFormValues {
  name: string;
  darpanId: string;
  desc: string;
  mission: string;
  helpline: string;
  altHelpline: string;
  facebook: string;
  linkedin: string;
  instagram: string;
  twitter: string;
  email: string;
  website: string;
  logo: string | null;
  regCert: string[];
  panCard: string[];
  facility: string[];
  /** Metres (docs/product.md#abc-programme-records): a release farther from the capture point needs a reason. */
  releaseThresholdM: string;
  /** Months a closed case's reporter data is kept (docs/privacy.md#how-long). */
  retentionMonths: string;
  /** The public report page (docs/citizen-reports.md). */
  publicPageEnabled: boolean;
  publicSlug: string;
  /** Pincodes as typed, separated by commas or spaces. */
  servicePincodes: string;
  publicMessage: string;
}

/** Adding needs the Darpan Id; an NGO saved earlier without one can still be edited. */
const ADD_RULES = formRules<NgoFormValues>(CreateNgoInputSchema);
const EDIT_RULES = formRules<NgoFormValues>(NgoDetailsSchema);

/** Examples of the web addresses asked for: the same in every language. */
const ADDRESS_EXAMPLES = {
  website: 'https://',
  facebook: 'https://facebook.com/…',
  linkedin: 'https://linkedin.com/company/…',
  instagram: 'https://instagram.com/…',
} as const;

function valuesOf(ngo: Ngo | undefined): NgoFormValues {
  return {
    name: ngo?.name ?? '',
    darpanId: ngo?.darpanId ?? '',
    desc: ngo?.desc ?? '',
    mission: ngo?.mission ?? '',
    helpline: ngo?.helpline ?? '',
    // Bound to its own property, so its value shows and saves (docs/product.md#where-we-differ-from-the-observed-product).
    altHelpline: ngo?.altHelpline ?? '',
    facebook: ngo?.facebook ?? '',
    linkedin: ngo?.linkedin ?? '',
    instagram: ngo?.instagram ?? '',
    twitter: ngo?.twitter ?? '',
    email: ngo?.email ?? '',
    website: ngo?.website ?? '',
    logo: ngo?.logo ?? null,
    regCert: ngo?.regCert ?? [],
    panCard: ngo?.panCard ?? [],
    facility: ngo?.facility ?? [],
    releaseThresholdM: String(ngo?.releaseThresholdM ?? DEFAULT_RELEASE_THRESHOLD_M),
    retentionMonths: String(ngo?.retentionMonths ?? DEFAULT_RETENTION_MONTHS),
    publicPageEnabled: ngo?.publicPageEnabled ?? false,
    publicSlug: ngo?.publicSlug ?? '',
    servicePincodes: (ngo?.servicePincodes ?? []).join(', '),
    publicMessage: ngo?.publicMessage ?? '',
  };
}

interface NgoFormProps {
  /** The NGO being edited; none when an Admin adds one. */
  ngo?: Ngo;
}

export function NgoForm({ ngo }: NgoFormProps) {
  const t = useT();
  const { form, images, frame } = useDirectoryForm({
    record: ngo,
    list: NGO_LIST,
    initialValues: valuesOf(ngo),
    validate: ngo ? EDIT_RULES : ADD_RULES,
    ngoId: ngo?.id ?? null,
    // Emptied fields parse to null, which clears them on the server.
    create: {
      title: t('page.addNgo'),
      saved: t('directory.ngo.created'),
      mutation: useCreateNgo(),
      input: (values) => {
        // Images are stored under the NGO's id: they can be added once it is saved.
        const { logo: _logo, regCert: _regCert, panCard: _panCard, facility: _facility, ...text } = CreateNgoInputSchema.parse(values);
        return text;
      },
    },
    update: {
      title: t('directory.ngo.editTitle'),
      saved: t('directory.ngo.updated'),
      mutation: useUpdateNgo(),
      input: (values, record) => ({ ngoId: record.id, ...NgoDetailsSchema.parse(values) }),
    },
  });

  const input = (path: keyof NgoFormValues) => ({ autoComplete: 'off', ...form.getInputProps(path) });
  const iconProps = { size: 16, stroke: 1.6, 'aria-hidden': true };

  // Each field's props, built outside the markup (the i18n lint reads any quoted text in JSX as words on screen).
  const inputs = {
    name: input('name'),
    darpanId: input('darpanId'),
    desc: input('desc'),
    mission: input('mission'),
    helpline: input('helpline'),
    altHelpline: input('altHelpline'),
    email: input('email'),
    website: input('website'),
    facebook: input('facebook'),
    linkedin: input('linkedin'),
    instagram: input('instagram'),
    twitter: input('twitter'),
    releaseThresholdM: input('releaseThresholdM'),
    retentionMonths: input('retentionMonths'),
    publicPageEnabled: form.getInputProps('publicPageEnabled', { type: 'checkbox' }),
    publicSlug: input('publicSlug'),
    servicePincodes: input('servicePincodes'),
    publicMessage: input('publicMessage'),
  };
  const uploads = {
    logo: images.field('logo'),
    regCert: images.field('regCert'),
    panCard: images.field('panCard'),
    facility: images.field('facility'),
  };

  return (
    <DirectoryFormPage {...frame} submitLabel={ngo ? t('common.save') : t('common.add')}>
      <FormSection title={t('directory.ngo.about')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('field.ngoName')} withAsterisk {...inputs.name} />
          <TextInput label={t('field.darpanId')} withAsterisk={!ngo} {...inputs.darpanId} />
          <TextInput label={t('field.releaseThresholdM')} inputMode="numeric" {...inputs.releaseThresholdM} />
          <TextInput label={t('privacy.retention.months')} inputMode="numeric" {...inputs.retentionMonths} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
          <Textarea label={t('field.ngoDesc')} autosize minRows={3} maxRows={8} {...inputs.desc} />
          <Textarea label={t('field.mission')} autosize minRows={3} maxRows={8} {...inputs.mission} />
        </SimpleGrid>
      </FormSection>

      <FormSection title={t('directory.ngo.contact')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('field.helpline')} type="tel" inputMode="tel" leftSection={<IconPhone {...iconProps} />} {...inputs.helpline} />
          <TextInput
            label={t('field.altHelpline')}
            type="tel"
            inputMode="tel"
            leftSection={<IconPhone {...iconProps} />}
            {...inputs.altHelpline}
          />
          <TextInput label={t('field.ngoEmail')} type="email" inputMode="email" leftSection={<IconAt {...iconProps} />} {...inputs.email} />
          <TextInput
            label={t('field.website')}
            type="url"
            inputMode="url"
            placeholder={ADDRESS_EXAMPLES.website}
            leftSection={<IconWorld {...iconProps} />}
            {...inputs.website}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title={t('citizen.settings.title')}>
        <Switch label={t('citizen.settings.enabled')} size="md" mb="md" {...inputs.publicPageEnabled} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('citizen.field.slug')} description={t('citizen.settings.slugHelp')} {...inputs.publicSlug} />
          <TextInput label={t('citizen.field.servicePincodes')} description={t('citizen.settings.pincodesHelp')} inputMode="numeric" {...inputs.servicePincodes} />
        </SimpleGrid>
        <Textarea label={t('citizen.field.publicMessage')} autosize minRows={2} maxRows={5} mt="md" {...inputs.publicMessage} />
      </FormSection>

      <FormSection title={t('directory.ngo.socialMedia')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('field.facebook')}
            type="url"
            inputMode="url"
            placeholder={ADDRESS_EXAMPLES.facebook}
            leftSection={<IconBrandFacebook {...iconProps} />}
            {...inputs.facebook}
          />
          <TextInput
            label={t('field.linkedin')}
            type="url"
            inputMode="url"
            placeholder={ADDRESS_EXAMPLES.linkedin}
            leftSection={<IconBrandLinkedin {...iconProps} />}
            {...inputs.linkedin}
          />
          <TextInput
            label={t('field.instagram')}
            type="url"
            inputMode="url"
            placeholder={ADDRESS_EXAMPLES.instagram}
            leftSection={<IconBrandInstagram {...iconProps} />}
            {...inputs.instagram}
          />
          <TextInput
            label={t('field.twitter')}
            placeholder={t('directory.ngo.twitterPlaceholder')}
            leftSection={<IconBrandX {...iconProps} />}
            {...inputs.twitter}
          />
        </SimpleGrid>
      </FormSection>

      <ImagesSection
        title={t('directory.ngo.documents')}
        saved={Boolean(ngo)}
        beforeSave={t('directory.ngo.beforeSave')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <ImageUploader multiple={false} label={t('field.logo')} fieldName="Logo" {...uploads.logo} />
          <ImageUploader label={t('field.regCert')} fieldName="RegCert" {...uploads.regCert} />
          <ImageUploader label={t('field.panCard')} fieldName="PanCard" {...uploads.panCard} />
          <ImageUploader label={t('field.facility')} fieldName="Facility" maxImages={30} {...uploads.facility} />
        </SimpleGrid>
      </ImagesSection>
    </DirectoryFormPage>
  );
}
