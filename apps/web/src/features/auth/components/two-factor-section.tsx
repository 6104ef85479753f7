import { useState } from 'react';
import { Badge, Button, Code, Group, Image, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ConfirmTwoFactorInputSchema, TwoFactorPasswordAndCodeInputSchema, type TwoFactorEnrolment } from '@rescuedesk/shared';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useConfirmTwoFactor, useDisableTwoFactor, useNewRecoveryCodes, useStartTwoFactor, useTwoFactor } from '../api/two-factor';
import { RecoveryCodesPanel } from './recovery-codes';

const validateCode = zod4Resolver(ConfirmTwoFactorInputSchema, { errorPriority: 'first' });
const validatePasswordAndCode = zod4Resolver(TwoFactorPasswordAndCodeInputSchema, { errorPriority: 'first' });

/** The code field of every two-factor form: the phone offers the code it received and a number pad. */
function CodeInput(props: ReturnType<ReturnType<typeof useForm<{ code: string }>>['getInputProps']>) {
  const t = useT();
  return <TextInput label={t('auth.twoFactor.step.codeLabel')} autoComplete="one-time-code" inputMode="numeric" maxLength={32} withAsterisk {...props} />;
}

/** The profile's two-factor sign-in: set it up (QR, key, a code), see the recovery codes once, make new ones, turn it off. */
export function TwoFactorSection() {
  const t = useT();
  const status = useTwoFactor();
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', xs: 'lg' }} component="section" aria-labelledby="two-factor-title">
      <Group justify="space-between" mb={4}>
        <Title order={2} size="h4" id="two-factor-title">
          {t('auth.twoFactor.section.title')}
        </Title>
        {status.data && <Badge color={status.data.enabled ? 'teal' : 'gray'}>{status.data.enabled ? t('auth.twoFactor.section.on') : t('auth.twoFactor.section.off')}</Badge>}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('auth.twoFactor.section.intro')}
      </Text>
      {status.data?.required && !status.data.enabled && (
        <Text size="sm" mb="md">
          {t('auth.twoFactor.section.required')}
        </Text>
      )}
      {codes ? (
        <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
      ) : !status.data ? (
        <Loader size="sm" />
      ) : status.data.enabled ? (
        <EnabledControls codesLeft={status.data.recoveryCodesLeft} onNewCodes={setCodes} />
      ) : (
        <Enrolment onEnabled={setCodes} />
      )}
    </Paper>
  );
}

function Enrolment({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const t = useT();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const form = useForm({ initialValues: { code: '' }, validate: validateCode });
  // Field names are not texts on screen: the bindings are built here, out of the markup.
  const fields = { code: form.getInputProps('code') };

  if (!enrolment) {
    return (
      <Button onClick={() => start.mutate(undefined, { onSuccess: setEnrolment, onError: notifyError })} loading={start.isPending}>
        {t('auth.twoFactor.section.start')}
      </Button>
    );
  }
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((input) =>
        confirm.mutate(input, {
          onSuccess: ({ recoveryCodes }) => {
            notifySuccess(t('auth.twoFactor.section.turnedOn'));
            onEnabled(recoveryCodes);
          },
          onError: notifyError,
        }),
      )}
    >
      <Stack gap="sm">
        <Text size="sm">{t('auth.twoFactor.section.scan')}</Text>
        <Image src={enrolment.qrCode} alt={t('auth.twoFactor.section.qrAlt')} w={200} h={200} bg="white" radius="sm" />
        <div>
          <Text size="sm" fw={500}>
            {t('auth.twoFactor.section.manualKey')}
          </Text>
          <Code fz="sm" style={{ wordBreak: 'break-all' }} data-testid="two-factor-secret">
            {enrolment.secret}
          </Code>
        </div>
        <CodeInput {...fields.code} />
        <Button type="submit" loading={confirm.isPending}>
          {t('auth.twoFactor.section.confirm')}
        </Button>
      </Stack>
    </form>
  );
}

function EnabledControls({ codesLeft, onNewCodes }: { codesLeft: number; onNewCodes: (codes: string[]) => void }) {
  const t = useT();
  const [action, setAction] = useState<'disable' | 'newCodes' | null>(null);
  const disable = useDisableTwoFactor();
  const newCodes = useNewRecoveryCodes();
  const form = useForm({ initialValues: { password: '', code: '' }, validate: validatePasswordAndCode });
  const fields = { password: form.getInputProps('password'), code: form.getInputProps('code') };

  const submit = form.onSubmit((input) => {
    if (action === 'disable') {
      disable.mutate(input, { onSuccess: () => notifySuccess(t('auth.twoFactor.section.turnedOff')), onError: notifyError });
    } else {
      newCodes.mutate(input, { onSuccess: ({ recoveryCodes }) => onNewCodes(recoveryCodes), onError: notifyError });
    }
  });

  return (
    <Stack gap="sm">
      <Text size="sm">{t('auth.twoFactor.section.codesLeft', { count: codesLeft })}</Text>
      {action === null ? (
        <Group gap="xs">
          <Button variant="light" onClick={() => setAction('newCodes')}>
            {t('auth.twoFactor.section.newCodes')}
          </Button>
          <Button variant="light" color="red" onClick={() => setAction('disable')}>
            {t('auth.twoFactor.section.turnOff')}
          </Button>
        </Group>
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack gap="sm">
            <Text size="sm">{t('auth.twoFactor.section.confirmWith')}</Text>
            <PasswordInput label={t('field.password')} autoComplete="current-password" withAsterisk {...fields.password} />
            <CodeInput {...fields.code} />
            <Group gap="xs">
              <Button variant="default" onClick={() => setAction(null)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color={action === 'disable' ? 'red' : undefined} loading={disable.isPending || newCodes.isPending}>
                {action === 'disable' ? t('auth.twoFactor.section.turnOff') : t('auth.twoFactor.section.newCodes')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
