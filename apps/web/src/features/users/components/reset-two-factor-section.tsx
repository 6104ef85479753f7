import { useState } from 'react';
import { Box, Button } from '@mantine/core';
import { canResetTwoFactor, type Me, type User } from '@rescuedesk/shared';
import { FormSection } from '../../../components/directory/directory-form-page';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUserTwoFactor } from '../api/get-user-two-factor';
import { useResetTwoFactor } from '../api/reset-two-factor';

interface ResetTwoFactorSectionProps {
  me: Me;
  user: User;
}

/**
 * Below a user's form, for an Admin or their Founder: whether the user has two-factor sign-in on,
 * and its reset for someone who lost their phone and their recovery codes, after a confirmation.
 * Shown only where the server allows it (canResetTwoFactor); it still checks (docs/decisions/028).
 */
export function ResetTwoFactorSection({ me, user }: ResetTwoFactorSectionProps) {
  const t = useT();
  const allowed = user.id !== me.id && canResetTwoFactor(me.role, user.role);
  const status = useUserTwoFactor(user.id, allowed);
  const reset = useResetTwoFactor();
  const [opened, setOpened] = useState(false);
  if (!allowed || !status.data) return null;
  const { enabled, resettable } = status.data;
  const state = enabled ? 'auth.twoFactor.reset.isOn' : resettable ? 'auth.twoFactor.reset.isStarting' : 'auth.twoFactor.reset.isOff';

  return (
    <Box maw={880} mt="md">
      <FormSection title={t('auth.twoFactor.section.title')} description={t(state, { name: user.name })}>
        {/* Full width on a phone, within reach of a thumb; 44 px high as every button of these pages. */}
        {resettable && (
          <Button variant="outline" color="red" size="md" h={44} w={{ base: '100%', xs: 'auto' }} onClick={() => setOpened(true)}>
            {t('auth.twoFactor.reset.button')}
          </Button>
        )}
      </FormSection>
      <ConfirmDialog
        opened={opened}
        title={t('auth.twoFactor.reset.title')}
        message={t('auth.twoFactor.reset.message', { name: user.name })}
        confirmLabel={t('auth.twoFactor.reset.confirm')}
        pending={reset.isPending}
        onConfirm={() =>
          reset.mutate(
            { userId: user.id },
            {
              onSuccess: () => notifySuccess(t('auth.twoFactor.reset.done', { name: user.name })),
              onError: notifyError,
              onSettled: () => setOpened(false),
            },
          )
        }
        onCancel={() => setOpened(false)}
      />
    </Box>
  );
}
