import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTimeout } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { LoginInputSchema, MESSAGES } from '@rescuedesk/shared';
import { ApiError } from '../../../lib/api-client';
import { TOAST_MS } from '../../../lib/notify';
import { useValidationAfterSubmit } from '../../../hooks/use-validation-after-submit';
import { useLogin } from '../api/login';

/** Spec section 9: the success toast shows for 800 ms, then the dashboard opens. */
const REDIRECT_DELAY_MS = 800;

const validate = zod4Resolver(LoginInputSchema, { errorPriority: 'first' });

function failureToast(error: unknown): { title: string; message: string } {
  if (error instanceof ApiError && error.status === 401) {
    return { title: 'Login failed.', message: MESSAGES.loginFailed };
  }
  if (error instanceof ApiError && error.status > 0 && error.status < 500) {
    return { title: 'Login failed.', message: error.message };
  }
  return { title: 'Service unavailable.', message: 'We will be back up shortly.' };
}

function showForgotPassword() {
  notifications.show({ message: 'Contact your administrator.', color: 'yellow' });
}

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const form = useForm({
    initialValues: { loginId: '', password: '' },
    validate,
    transformValues: (values) => LoginInputSchema.parse(values),
  });
  const { markSubmitted } = useValidationAfterSubmit(form);
  const login = useLogin();
  const redirect = useTimeout(onSignedIn, REDIRECT_DELAY_MS);

  const submit = form.onSubmit((input) =>
    login.mutate(input, {
      onSuccess: () => {
        notifications.show({
          title: 'Login successful',
          message: 'Getting your dashboard ready.',
          color: 'teal',
          autoClose: TOAST_MS.success,
        });
        redirect.start();
      },
      onError: (error) => {
        notifications.show({ ...failureToast(error), color: 'red', autoClose: TOAST_MS.loginError });
      },
    }),
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        markSubmitted();
        submit(event);
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Login ID"
          placeholder="Username or email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...form.getInputProps('loginId')}
        />
        <PasswordInput
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-4}>
          <Anchor component="button" type="button" size="sm" onClick={showForgotPassword}>
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={login.isPending || login.isSuccess}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
