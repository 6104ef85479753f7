import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { VerifyTwoFactorInputSchema, type LoginChallenge, type SessionUser } from '@rescuedesk/shared';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError } from '../../../lib/notify';
import { useValidationAfterSubmit } from '../../../hooks/use-validation-after-submit';
import { useVerifyTwoFactor } from '../api/verify-two-factor';

const validate = zod4Resolver(VerifyTwoFactorInputSchema.pick({ code: true }), { errorPriority: 'first' });

/**
 * The second step of signing in when the account has two-factor sign-in on: a code from the
 * authenticator app, or one of the recovery codes. `onBack` returns to the password.
 */
export function TwoFactorStep({ challenge, onVerified, onBack }: { challenge: LoginChallenge; onVerified: (user: SessionUser) => void; onBack: () => void }) {
  const t = useT();
  const [recovery, setRecovery] = useState(false);
  const form = useForm({ initialValues: { code: '' }, validate });
  const { markSubmitted } = useValidationAfterSubmit(form);
  const verify = useVerifyTwoFactor();
  const codeField = form.getInputProps('code');

  const submit = form.onSubmit(({ code }) =>
    verify.mutate(
      { challenge: challenge.challenge, code },
      {
        onSuccess: onVerified,
        onError: (error) => {
          form.setFieldValue('code', '');
          notifyError(error);
        },
      },
    ),
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
        <div>
          <Title order={2} size="h4">
            {t('auth.twoFactor.step.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {recovery ? t('auth.twoFactor.step.recoveryIntro') : t('auth.twoFactor.step.intro')}
          </Text>
        </div>
        {recovery ? (
          <TextInput key="recovery" label={t('auth.twoFactor.step.recoveryLabel')} autoComplete="off" autoCapitalize="none" spellCheck={false} data-autofocus {...codeField} />
        ) : (
          <TextInput
            key="app"
            label={t('auth.twoFactor.step.codeLabel')}
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            size="lg"
            styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
            data-autofocus
            {...codeField}
          />
        )}
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t('auth.twoFactor.step.back')}
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setRecovery((on) => !on);
              form.setFieldValue('code', '');
            }}
          >
            {recovery ? t('auth.twoFactor.step.useApp') : t('auth.twoFactor.step.useRecovery')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={verify.isPending || verify.isSuccess}>
          {t('auth.twoFactor.step.submit')}
        </Button>
      </Stack>
    </form>
  );
}
