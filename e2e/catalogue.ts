import type { Language, MessageKey } from '@rescuedesk/shared';
import { CATALOGUES } from '@rescuedesk/shared/catalogues';

/**
 * The app's texts as a test reads them: the same catalogue the app shows, so one test can walk the
 * app in English and in Hindi. A message's placeholders ({name}) match any text.
 */
export function text(language: Language, key: MessageKey): string {
  for (const area of Object.values(CATALOGUES[language])) {
    const message = area[key];
    if (message !== undefined) return message;
  }
  throw new Error(`No text for ${key} in ${language}`);
}

/** A pattern for a message with placeholders: 'Delete case #{id}' matches 'Delete case #12'. */
export function textPattern(language: Language, key: MessageKey): RegExp {
  const escaped = text(language, key).replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\{[^}]+\}/g, '.+')}$`);
}
