import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ChangePasswordInputSchema } from '@rescuedesk/shared';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useValidationAfterSubmit } from '../../../hooks/use-validation-after-submit';
import { useChangePassword } from '../api/change-password';

const validate = zod4Resolver(ChangePasswordInputSchema, { errorPriority: 'first' });

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const t = useT();
  const form = useForm({
    initialValues: EMPTY,
    validate,
    transformValues: (values) => ChangePasswordInputSchema.parse(values),
  });
  const { markSubmitted, resetSubmitted } = useValidationAfterSubmit(form);
  const changePassword = useChangePassword();
  // Field names are not texts on screen: the bindings are built here, out of the markup.
  const fields = { oldPassword: form.getInputProps('oldPassword'), newPassword: form.getInputProps('newPassword'), confirmPassword: form.getInputProps('confirmPassword') };

  const submit = form.onSubmit((input) =>
    changePassword.mutate(input, {
      onSuccess: () => {
        resetSubmitted();
        form.reset();
        notifySuccess(t('auth.settings.password.changed'));
      },
      onError: notifyError,
    }),
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', xs: 'lg' }}>
      <Title order={2} size="h4" mb={4}>
        {t('auth.settings.password.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('auth.settings.password.intro')}
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          markSubmitted();
          submit(event);
        }}
      >
        <Stack gap="md">
          <PasswordInput
            label={t('field.oldPassword')}
            autoComplete="current-password"
            withAsterisk
            {...fields.oldPassword}
          />
          <PasswordInput
            label={t('field.newPassword')}
            description={t('auth.settings.password.newHint')}
            autoComplete="new-password"
            withAsterisk
            {...fields.newPassword}
          />
          <PasswordInput
            label={t('field.confirmPassword')}
            autoComplete="new-password"
            withAsterisk
            {...fields.confirmPassword}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={changePassword.isPending}>
              {t('common.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
