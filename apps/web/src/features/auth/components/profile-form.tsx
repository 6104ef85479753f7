import { useEffect, useRef, useState } from 'react';
import { Avatar, Button, FileInput, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPhoto } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { UpdateProfileInputSchema, imageUrl, type Me } from '@rescuedesk/shared';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useValidationAfterSubmit } from '../../../hooks/use-validation-after-submit';
import { useUpdateProfile } from '../api/update-profile';

const validate = zod4Resolver(UpdateProfileInputSchema, { errorPriority: 'first' });

interface ChosenPicture {
  file: File;
  previewUrl: string;
}

/** Holds the picture chosen but not yet saved, with a local preview URL that is released when replaced. */
function useChosenPicture() {
  const [chosen, setChosen] = useState<ChosenPicture | null>(null);
  const urlRef = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const choose = (file: File | null) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = file ? URL.createObjectURL(file) : null;
    setChosen(file && urlRef.current ? { file, previewUrl: urlRef.current } : null);
  };
  return [chosen, choose] as const;
}

export function ProfileForm({ me }: { me: Me }) {
  const t = useT();
  const form = useForm({
    initialValues: { name: me.name },
    validate,
    transformValues: (values) => UpdateProfileInputSchema.parse(values),
  });
  const { markSubmitted } = useValidationAfterSubmit(form);
  const [picture, choosePicture] = useChosenPicture();
  const updateProfile = useUpdateProfile();
  // Field names are not texts on screen: the bindings are built here, out of the markup.
  const fields = { name: form.getInputProps('name') };

  const storedUrl = me.profileImage ? imageUrl(me.ngoId, me.profileImage, 384) : null;

  const submit = form.onSubmit(({ name }) =>
    updateProfile.mutate(
      { name, picture: picture?.file ?? null, ngoId: me.ngoId },
      {
        onSuccess: () => {
          choosePicture(null);
          notifySuccess(t('auth.settings.profile.saved'));
        },
        onError: notifyError,
      },
    ),
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', xs: 'lg' }}>
      <Title order={2} size="h4" mb="md">
        {t('auth.settings.profile.title')}
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          markSubmitted();
          submit(event);
        }}
      >
        <Stack gap="md">
          <Group gap="md" wrap="nowrap" align="center">
            <Avatar
              src={picture?.previewUrl ?? storedUrl}
              name={form.values.name || me.name}
              color="teal"
              variant="filled"
              size={80}
              radius="50%"
              alt={picture ? t('auth.settings.profile.previewAlt') : t('auth.settings.profile.pictureAlt')}
            />
            <FileInput
              flex={1}
              miw={0}
              label={t('auth.settings.profile.picture')}
              description={picture ? t('auth.settings.profile.savedOnSubmit') : undefined}
              placeholder={t('auth.settings.profile.choosePhoto')}
              accept="image/*"
              capture="user"
              clearable
              leftSection={<IconPhoto size={16} stroke={1.6} />}
              value={picture?.file ?? null}
              onChange={choosePicture}
            />
          </Group>
          <TextInput label={t('field.name')} autoComplete="name" withAsterisk {...fields.name} />
          <Group justify="flex-end">
            <Button type="submit" loading={updateProfile.isPending}>
              {t('common.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
