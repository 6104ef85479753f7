import { Paper, Switch, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useNgoTwoFactor, useSetNgoTwoFactor } from '../api/two-factor';

/** On an NGO's profile, for Admins: require two-factor sign-in of every member (14 days to set it up). */
export function NgoTwoFactorSetting({ ngoId }: { ngoId: number }) {
  const t = useT();
  const setting = useNgoTwoFactor(ngoId);
  const save = useSetNgoTwoFactor();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', xs: 'lg' }} mt="md">
      <Switch
        size="md"
        label={t('auth.twoFactor.ngo.label')}
        description={t('auth.twoFactor.ngo.description')}
        checked={save.isPending ? save.variables.required : (setting.data?.required ?? false)}
        disabled={!setting.data || save.isPending}
        onChange={(event) =>
          save.mutate({ ngoId, required: event.currentTarget.checked }, { onSuccess: () => notifySuccess(t('auth.twoFactor.ngo.saved')), onError: notifyError })
        }
      />
      {setting.error && (
        <Text size="sm" c="red" mt="xs">
          {setting.error.message}
        </Text>
      )}
    </Paper>
  );
}
