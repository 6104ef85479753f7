import type auth from './locales/en/auth.json';
import type cases from './locales/en/cases.json';
import type common from './locales/en/common.json';
import type directory from './locales/en/directory.json';
import type reports from './locales/en/reports.json';
import type citizen from './locales/en/citizen.json';
import type surveys from './locales/en/surveys.json';
import type privacy from './locales/en/privacy.json';
import type runs from './locales/en/runs.json';
import type stock from './locales/en/stock.json';
import type map from './locales/en/map.json';
import type notices from './locales/en/notices.json';
import type committee from './locales/en/committee.json';
import type errors from './locales/en/errors.json';
import type fields from './locales/en/fields.json';
import type options from './locales/en/options.json';
import type validation from './locales/en/validation.json';

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

/**
 * The catalogue of each language is kept in parts by area (locales/<language>/<area>.json, listed in
 * lingui.config.js). Every key of the English parts; the Hindi parts must have the same keys.
 */
export type MessageKey =
  | keyof typeof common
  | keyof typeof auth
  | keyof typeof fields
  | keyof typeof options
  | keyof typeof validation
  | keyof typeof errors
  | keyof typeof cases
  | keyof typeof directory
  | keyof typeof privacy
  | keyof typeof reports
  | keyof typeof surveys
  | keyof typeof runs
  | keyof typeof stock
  | keyof typeof map
  | keyof typeof committee
  | keyof typeof citizen
  | keyof typeof notices;

export const CATALOGUE_AREAS = ['common', 'auth', 'fields', 'options', 'validation', 'errors', 'cases', 'directory', 'reports', 'surveys', 'privacy', 'runs', 'citizen', 'stock', 'map', 'committee', 'notices'] as const;
export type CatalogueArea = (typeof CATALOGUE_AREAS)[number];
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
