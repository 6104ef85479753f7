import { useEffect, useState } from 'react';
import type { Language } from '@rescuedesk/shared';
import { activateLanguage, languageInPlace } from '../../../lib/i18n/i18n';

/**
 * The signed-in app reads in the language stored with the account (docs/decisions/008): after
 * signing in, on opening the app, and when the account's language changes (another device, or
 * Settings). Answers whether that language is in place, so the shell's first screen is drawn in it
 * rather than switching under the user's eyes.
 */
export function useAccountLanguage(language: Language | undefined): boolean {
  // Already in place (the device's language, activated before the app's first screen: main.tsx):
  // the shell is drawn at once, not a loader first and then the whole page again.
  const [applied, setApplied] = useState<Language | null>(() => (language && languageInPlace(language) ? language : null));

  useEffect(() => {
    if (!language) return;
    let current = true;
    activateLanguage(language)
      // A catalogue that cannot be loaded leaves the app in the language it has; it still opens.
      .catch(() => undefined)
      .finally(() => {
        if (current) setApplied(language);
      });
    return () => {
      current = false;
    };
  }, [language]);

  return applied !== null;
}
