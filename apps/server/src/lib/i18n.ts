import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { CATALOGUES } from '@rescuedesk/shared/catalogues';
import { CATALOGUE_AREAS, DEFAULT_LANGUAGE, LANGUAGES, setTranslator, type Language, type MessageKey, type MessageValues } from '@rescuedesk/shared';

/**
 * The server's side of the languages (docs/decisions/008): both catalogues compiled once at start,
 * and the shared translator pointed at the language of the request being served. Outside a request
 * (start-up, scripts, tests that call services directly) texts are English.
 */

function compiled(language: Language): Messages {
  const messages: Messages = {};
  for (const area of CATALOGUE_AREAS) {
    for (const [key, message] of Object.entries(CATALOGUES[language][area])) messages[key] = compileMessage(message);
  }
  return messages;
}

const instances = Object.fromEntries(
  LANGUAGES.map((language) => [language, setupI18n({ locale: language, messages: { [language]: compiled(language) } })]),
) as Record<Language, I18n>;

let currentLanguage: () => Language = () => DEFAULT_LANGUAGE;

/** The app tells where the request's language lives (the request context). */
export function useLanguageOf(lookup: () => Language | undefined): void {
  currentLanguage = () => lookup() ?? DEFAULT_LANGUAGE;
}

/** The language of the request being served (English outside a request), for dates and numbers the server writes into a document. */
export function activeLanguage(): Language {
  return currentLanguage();
}

export function translate(language: Language, key: MessageKey, values?: MessageValues): string {
  return instances[language]._(key, values);
}

setTranslator((key, values) => translate(currentLanguage(), key, values));
