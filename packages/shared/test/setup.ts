import { setupI18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { CATALOGUE_AREAS, setTranslator } from '../src/i18n';
import { CATALOGUES } from '../src/locales/catalogues';

// The shared code's texts, in English as the API answers without Accept-Language.
const messages: Messages = {};
for (const area of CATALOGUE_AREAS) {
  for (const [key, message] of Object.entries(CATALOGUES.en[area])) messages[key] = compileMessage(message);
}
const english = setupI18n({ locale: 'en', messages: { en: messages } });
setTranslator((key, values) => english._(key, values));
