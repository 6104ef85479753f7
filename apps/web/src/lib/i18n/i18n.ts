import { i18n, type Messages } from '@lingui/core';
import {
  DEFAULT_LANGUAGE,
  INTL_LOCALES,
  isLanguage,
  setTranslator,
  type Language,
  type MessageKey,
  type MessageValues,
} from '@rescuedesk/shared';

/**
 * The browser's side of the languages (docs/decisions/008): which language is active, loading its
 * catalogue (each language is its own chunk), and the `t()` that every text on screen goes through.
 */

const STORAGE_KEY = 'rescuedesk.language';

const catalogues: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('./catalogues/en'),
  hi: () => import('./catalogues/hi'),
};

/** A text of the catalogue in the active language. */
export function t(key: MessageKey, values?: MessageValues): string {
  return i18n._(key, values);
}

// The shared schemas and messages render their texts through the same catalogue.
setTranslator(t);

export function activeLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/** The Intl locale of the active language: en-IN or hi-IN. */
export function intlLocale(): string {
  return INTL_LOCALES[activeLanguage()];
}

/** The language this device chose before (or, the first time, the browser's own when it is Hindi). */
export function deviceLanguage(): Language {
  const stored = readStored();
  if (isLanguage(stored)) return stored;
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  return preferred.some((tag) => tag?.toLowerCase().startsWith('hi')) ? 'hi' : DEFAULT_LANGUAGE;
}

/** The language whose activation last finished (catalogue, and for Hindi its font), if still active. */
let completed: Language | null = null;

/** Whether a language is already in place, everything activateLanguage() loads for it included. */
export function languageInPlace(language: Language): boolean {
  return completed === language && i18n.locale === language;
}

/**
 * Loads and switches to a language: its catalogue, and for Hindi the Devanagari font and the date
 * pickers' month names. The page's `lang` follows, and the device remembers the choice.
 */
export async function activateLanguage(language: Language): Promise<void> {
  const extras = language === 'hi' ? import('./hindi-assets').then((assets) => assets.devanagariFontLoaded()) : Promise.resolve();
  if (i18n.locale !== language) {
    // The font first: Hindi text drawn before it has loaded can stay as empty boxes (hindi-assets.ts).
    const [{ messages }] = await Promise.all([catalogues[language](), extras]);
    i18n.loadAndActivate({ locale: language, messages });
  }
  await extras;
  document.documentElement.lang = language;
  remember(language);
  completed = language;
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function remember(language: Language): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode or a full storage: the choice then lasts for this visit only.
  }
}

export { i18n };
