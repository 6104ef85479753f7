import { SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { IconAt, IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin, IconBrandX, IconPhone, IconWorld } from '@tabler/icons-react';
import { CreateNgoInputSchema, type Ngo } from '@rescuedesk/shared';
import { DirectoryFormPage, FormSection, ImagesSection } from '../../../components/directory/directory-form-page';
import { useDirectoryForm } from '../../../components/directory/use-directory-form';
import { ImageUploader } from '../../../components/images/image-uploader';
import { formRules } from '../../../lib/form-validation';
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
}

const RULES = formRules<NgoFormValues>(CreateNgoInputSchema);

function valuesOf(ngo: Ngo | undefined): NgoFormValues {
  return {
    name: ngo?.name ?? '',
    darpanId: ngo?.darpanId ?? '',
    desc: ngo?.desc ?? '',
    mission: ngo?.mission ?? '',
    helpline: ngo?.helpline ?? '',
    // Bound to its own property, so its value shows and saves (decisions.md).
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
  };
}

interface NgoFormProps {
  /** The NGO being edited; none when an Admin adds one. */
  ngo?: Ngo;
}

export function NgoForm({ ngo }: NgoFormProps) {
  const { form, images, frame } = useDirectoryForm({
    record: ngo,
    list: NGO_LIST,
    initialValues: valuesOf(ngo),
    validate: RULES,
    ngoId: ngo?.id ?? null,
    // Emptied fields parse to null, which clears them on the server.
    create: {
      title: 'Add Ngo',
      saved: 'NGO created successfully',
      mutation: useCreateNgo(),
      input: (values) => {
        // Images are stored under the NGO's id: they can be added once it is saved.
        const { logo: _logo, regCert: _regCert, panCard: _panCard, facility: _facility, ...text } = CreateNgoInputSchema.parse(values);
        return text;
      },
    },
    update: {
      title: 'Edit Ngo',
      saved: 'NGO updated successfully',
      mutation: useUpdateNgo(),
      input: (values, record) => ({ ngoId: record.id, ...CreateNgoInputSchema.parse(values) }),
    },
  });

  const input = (path: keyof NgoFormValues) => ({ autoComplete: 'off', ...form.getInputProps(path) });
  const iconProps = { size: 16, stroke: 1.6 };

  return (
    <DirectoryFormPage {...frame} submitLabel={ngo ? 'Save' : 'Add'}>
      <FormSection title="About the NGO">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Ngo Name" withAsterisk {...input('name')} />
          <TextInput label="Darpan Id" {...input('darpanId')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
          <Textarea label="Ngo Description" autosize minRows={3} maxRows={8} {...input('desc')} />
          <Textarea label="Mission Statement" autosize minRows={3} maxRows={8} {...input('mission')} />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Contact">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Helpline Number" type="tel" inputMode="tel" leftSection={<IconPhone {...iconProps} />} {...input('helpline')} />
          <TextInput
            label="Alternate Helpline Number"
            type="tel"
            inputMode="tel"
            leftSection={<IconPhone {...iconProps} />}
            {...input('altHelpline')}
          />
          <TextInput label="NGO Email" type="email" inputMode="email" leftSection={<IconAt {...iconProps} />} {...input('email')} />
          <TextInput
            label="Website URL"
            type="url"
            inputMode="url"
            placeholder="https://"
            leftSection={<IconWorld {...iconProps} />}
            {...input('website')}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Social media">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Facebook page"
            type="url"
            inputMode="url"
            placeholder="https://facebook.com/…"
            leftSection={<IconBrandFacebook {...iconProps} />}
            {...input('facebook')}
          />
          <TextInput
            label="LinkedIn page"
            type="url"
            inputMode="url"
            placeholder="https://linkedin.com/company/…"
            leftSection={<IconBrandLinkedin {...iconProps} />}
            {...input('linkedin')}
          />
          <TextInput
            label="Instagram page"
            type="url"
            inputMode="url"
            placeholder="https://instagram.com/…"
            leftSection={<IconBrandInstagram {...iconProps} />}
            {...input('instagram')}
          />
          <TextInput label="Twitter ID" placeholder="@handle" leftSection={<IconBrandX {...iconProps} />} {...input('twitter')} />
        </SimpleGrid>
      </FormSection>

      <ImagesSection
        title="Logo and documents"
        saved={Boolean(ngo)}
        beforeSave="The NGO Logo, Registration Certificate, Pan Card and Facility Pictures can be added once the NGO is saved: open it with View."
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <ImageUploader multiple={false} label="NGO Logo" fieldName="Logo" {...images.field('logo')} />
          <ImageUploader label="Registration Certificate" fieldName="RegCert" {...images.field('regCert')} />
          <ImageUploader label="Pan Card" fieldName="PanCard" {...images.field('panCard')} />
          <ImageUploader label="NGO Facility Pictures" fieldName="Facility" maxImages={30} {...images.field('facility')} />
        </SimpleGrid>
      </ImagesSection>
    </DirectoryFormPage>
  );
}
