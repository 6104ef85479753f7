import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ChangePasswordInputSchema } from '@rescuedesk/shared';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useValidationAfterSubmit } from '../../../hooks/use-validation-after-submit';
import { useChangePassword } from '../api/change-password';

const validate = zod4Resolver(ChangePasswordInputSchema, { errorPriority: 'first' });

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const form = useForm({
    initialValues: EMPTY,
    validate,
    transformValues: (values) => ChangePasswordInputSchema.parse(values),
  });
  const { markSubmitted, resetSubmitted } = useValidationAfterSubmit(form);
  const changePassword = useChangePassword();

  const submit = form.onSubmit((input) =>
    changePassword.mutate(input, {
      onSuccess: () => {
        resetSubmitted();
        form.reset();
        notifySuccess('Password changed successfully');
      },
      onError: notifyError,
    }),
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', xs: 'lg' }}>
      <Title order={2} size="h4" mb={4}>
        Change Password
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        You stay signed in here; your other sessions are signed out.
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
            label="Old Password"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('oldPassword')}
          />
          <PasswordInput
            label="New Password"
            description="At least 6 characters."
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm New Password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={changePassword.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
