import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTimeout } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { LoginInputSchema, MESSAGES, type Translate } from '@rescuedesk/shared';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';
import { TOAST_MS } from '../../../lib/notify';
import { useValidationAfterSubmit } from '../../../hooks/use-validation-after-submit';
import { useLogin } from '../api/login';
import { useUpdateLanguage } from '../api/update-language';
import { takeLanguageChosenBeforeSignIn } from '../hooks/use-choose-language';

/** Spec section 9: the success toast shows for 800 ms, then the dashboard opens. */
const REDIRECT_DELAY_MS = 800;

const validate = zod4Resolver(LoginInputSchema, { errorPriority: 'first' });

function failureToast(error: unknown, t: Translate): { title: string; message: string } {
  if (error instanceof ApiError && error.status === 401) {
    return { title: t('auth.login.failed'), message: MESSAGES.loginFailed };
  }
  if (error instanceof ApiError && error.status > 0 && error.status < 500) {
    return { title: t('auth.login.failed'), message: error.message };
  }
  return { title: t('common.serviceUnavailable'), message: t('common.backShortly') };
}

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const t = useT();
  const form = useForm({
    initialValues: { loginId: '', password: '' },
    validate,
    transformValues: (values) => LoginInputSchema.parse(values),
  });
  const { markSubmitted } = useValidationAfterSubmit(form);
  const login = useLogin();
  const updateLanguage = useUpdateLanguage();
  const redirect = useTimeout(onSignedIn, REDIRECT_DELAY_MS);
  // Field names are not texts on screen: the bindings are built here, out of the markup.
  const fields = { loginId: form.getInputProps('loginId'), password: form.getInputProps('password') };

  const showForgotPassword = () => notifications.show({ message: t('auth.login.contactAdmin'), color: 'yellow' });

  const submit = form.onSubmit((input) =>
    login.mutate(input, {
      onSuccess: () => {
        const chosen = takeLanguageChosenBeforeSignIn();
        if (chosen) updateLanguage.mutate({ language: chosen });
        notifications.show({
          title: t('auth.login.succeeded'),
          message: t('auth.login.openingDashboard'),
          color: 'teal',
          autoClose: TOAST_MS.success,
        });
        redirect.start();
      },
      onError: (error) => {
        notifications.show({ ...failureToast(error, t), color: 'red', autoClose: TOAST_MS.loginError });
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
          label={t('field.loginId')}
          placeholder={t('auth.login.loginIdPlaceholder')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...fields.loginId}
        />
        <PasswordInput
          label={t('field.password')}
          placeholder={t('auth.login.passwordPlaceholder')}
          autoComplete="current-password"
          {...fields.password}
        />
        <Group justify="flex-end" mt={-4}>
          <Anchor component="button" type="button" size="sm" onClick={showForgotPassword}>
            {t('auth.login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={login.isPending || login.isSuccess}>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
