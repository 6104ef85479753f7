import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTimeout } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { MESSAGES, type LoginChallenge, type LoginInput, type Translate } from '@rescuedesk/shared';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';
import { TOAST_MS } from '../../../lib/notify';
import { useValidationAfterSubmit } from '../../../hooks/use-validation-after-submit';
import { useLogin } from '../api/login';
import type * as LoginRules from './login-validation';
import { forgetLanguageChosenBeforeSignIn, languageChosenBeforeSignIn } from '../hooks/use-choose-language';

/** docs/product.md#messages: the success toast shows for 800 ms, then the dashboard opens. */
const REDIRECT_DELAY_MS = 800;

/** The form's rules, the server's own schema (login-validation.ts): fetched once, after the page is drawn. */
let rules: typeof LoginRules | undefined;
const loadRules = () => import('./login-validation').then((loaded) => (rules = loaded));
// The code step of a two-factor sign-in: only accounts with it on ever load it.
const TwoFactorStep = lazy(() => import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })));
// Until the rules have arrived nothing is checked; the form submits only once they have (below).
const validate = (values: LoginInput) => rules?.validateLogin(values) ?? {};

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
  });
  const { markSubmitted } = useValidationAfterSubmit(form);
  const login = useLogin();
  const redirect = useTimeout(onSignedIn, REDIRECT_DELAY_MS);
  // The password was right and the account needs a code too (docs/security.md#two-factor-sign-in).
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  // Field names are not texts on screen: the bindings are built here, out of the markup.
  const fields = { loginId: form.getInputProps('loginId'), password: form.getInputProps('password') };

  const showForgotPassword = () => notifications.show({ message: t('auth.login.contactAdmin'), color: 'yellow' });

  useEffect(() => {
    void loadRules().catch(() => undefined);
  }, []);

  const signedIn = () => {
    forgetLanguageChosenBeforeSignIn();
    notifications.show({
      title: t('auth.login.succeeded'),
      message: t('auth.login.openingDashboard'),
      color: 'teal',
      autoClose: TOAST_MS.success,
    });
    redirect.start();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    markSubmitted();
    const loaded = await loadRules().catch(() => undefined);
    if (!loaded) {
      notifications.show({ ...failureToast(new ApiError(0, ''), t), color: 'red', autoClose: TOAST_MS.loginError });
      return;
    }
    if (form.validate().hasErrors) return;
    // A language picked on this page rides with the sign-in and is stored in the same step, so the
    // app opens in it, with no later call to be lost or to switch the page back for a moment.
    const language = languageChosenBeforeSignIn();
    login.mutate(loaded.LoginInputSchema.parse({ ...form.getValues(), ...(language ? { language } : {}) }), {
      onSuccess: (answer) => {
        if ('challenge' in answer) setChallenge(answer);
        else signedIn();
      },
      onError: (error) => {
        notifications.show({ ...failureToast(error, t), color: 'red', autoClose: TOAST_MS.loginError });
      },
    });
  };

  if (challenge) {
    return (
      <Suspense fallback={<Loader mx="auto" display="block" />}>
        <TwoFactorStep
          challenge={challenge}
          onVerified={signedIn}
          onBack={() => {
            setChallenge(null);
            login.reset();
            form.setFieldValue('password', '');
          }}
        />
      </Suspense>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
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
        <Button type="submit" size="md" fullWidth loading={login.isPending || (login.isSuccess && !challenge)}>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
