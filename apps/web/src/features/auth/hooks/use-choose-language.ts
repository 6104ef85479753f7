import type { Language } from '@rescuedesk/shared';
import { activateLanguage, t } from '../../../lib/i18n/i18n';
import { notifyError } from '../../../lib/notify';
import { useUpdateLanguage } from '../api/update-language';

/**
 * Switching the language: the app changes at once (catalogue, font, <html lang>, the device's
 * memory), and a signed-in user's choice is also stored with the account.
 */
export function useChooseLanguage({ saveToAccount }: { saveToAccount: boolean }): (language: Language) => void {
  const updateLanguage = useUpdateLanguage();
  return (language) => {
    activateLanguage(language).then(
      () => {
        if (saveToAccount) updateLanguage.mutate({ language }, { onError: notifyError });
      },
      // The language's chunk could not be fetched (a lost connection): the app stays as it is.
      () => notifyError(new Error(t('error.network'))),
    );
  };
}
