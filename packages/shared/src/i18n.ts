import type en from './locales/en.json';

/**
 * Languages of the app. Stored option values stay in English (they are data); only what the user
 * reads is translated. docs/decisions/008 explains the set-up; docs/i18n.md holds the glossary.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The names of the languages, each written in itself, for the language switch. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', hi: 'हिन्दी' };

/** The locale used with Intl for dates and numbers. */
export const INTL_LOCALES: Readonly<Record<Language, string>> = { en: 'en-IN', hi: 'hi-IN' };

/** Every key of the catalogue; en.json is the reference, and hi.json must have the same keys. */
export type MessageKey = keyof typeof en;
export type MessageValues = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The shared code (schemas, messages) renders its texts through one translator, set once by each
 * side: the browser points it at its Lingui instance, the server at the language of the request.
 * Until then a text is its key, which a test would notice at once.
 */
let translator: Translate = (key) => key;

export function setTranslator(translate: Translate): void {
  translator = translate;
}

/** A text of the catalogue in the current language. */
export function tr(key: MessageKey, values?: MessageValues): string {
  return translator(key, values);
}
