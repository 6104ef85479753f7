import type { Language } from '@rescuedesk/shared';
import { activateLanguage, t } from '../../../lib/i18n/i18n';
import { notifyError } from '../../../lib/notify';
import { useUpdateLanguage } from '../api/update-language';

/**
 * A language picked on the sign-in page since it opened, which the account takes on when the user
 * signs in. Only a pick counts: the device's language from an earlier session is not one, so it
 * does not overwrite the account's (docs/decisions/008).
 */
let chosenBeforeSignIn: Language | null = null;

/** The sign-in page's choice, sent with the sign-in so the server stores it in the same step. */
export function languageChosenBeforeSignIn(): Language | null {
  return chosenBeforeSignIn;
}

/** The sign-in that carried the choice succeeded: the account has it now. */
export function forgetLanguageChosenBeforeSignIn(): void {
  chosenBeforeSignIn = null;
}

/**
 * Switching the language: the app changes at once (catalogue, font, <html lang>, the device's
 * memory), and a signed-in user's choice is also stored with the account. A choice made before
 * signing in is stored with the account at sign-in, so the user is not switched back.
 */
export function useChooseLanguage({ saveToAccount }: { saveToAccount: boolean }): (language: Language) => void {
  const updateLanguage = useUpdateLanguage();
  return (language) => {
    activateLanguage(language).then(
      () => {
        if (saveToAccount) updateLanguage.mutate({ language }, { onError: notifyError });
        else chosenBeforeSignIn = language;
      },
      // The language's chunk could not be fetched (a lost connection): the app stays as it is.
      () => notifyError(new Error(t('error.network'))),
    );
  };
}
