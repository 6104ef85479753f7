import { createRequire } from 'node:module';
import { setupI18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { CATALOGUE_AREAS, setTranslator } from '../src/i18n';

// The shared code's texts, in English as the API answers without Accept-Language.
const require = createRequire(import.meta.url);
const messages: Messages = {};
for (const area of CATALOGUE_AREAS) {
  const source = require(`../src/locales/en/${area}.json`) as Record<string, string>;
  for (const [key, message] of Object.entries(source)) messages[key] = compileMessage(message);
}
const english = setupI18n({ locale: 'en', messages: { en: messages } });
setTranslator((key, values) => english._(key, values));
