// The en catalogue, compiled at build time; one chunk, loaded when the language is chosen.
import { messages as common } from '@rescuedesk/shared/locales/en/common.json?lingui';
import { messages as auth } from '@rescuedesk/shared/locales/en/auth.json?lingui';
import { messages as fields } from '@rescuedesk/shared/locales/en/fields.json?lingui';
import { messages as options } from '@rescuedesk/shared/locales/en/options.json?lingui';
import { messages as validation } from '@rescuedesk/shared/locales/en/validation.json?lingui';
import { messages as errors } from '@rescuedesk/shared/locales/en/errors.json?lingui';
import { messages as cases } from '@rescuedesk/shared/locales/en/cases.json?lingui';
import { messages as directory } from '@rescuedesk/shared/locales/en/directory.json?lingui';
import { messages as reports } from '@rescuedesk/shared/locales/en/reports.json?lingui';
import { messages as citizen } from '@rescuedesk/shared/locales/en/citizen.json?lingui';
import { messages as surveys } from '@rescuedesk/shared/locales/en/surveys.json?lingui';
import { messages as privacy } from '@rescuedesk/shared/locales/en/privacy.json?lingui';
import { messages as runs } from '@rescuedesk/shared/locales/en/runs.json?lingui';
import { messages as stock } from '@rescuedesk/shared/locales/en/stock.json?lingui';
import { messages as map } from '@rescuedesk/shared/locales/en/map.json?lingui';
import { messages as notices } from '@rescuedesk/shared/locales/en/notices.json?lingui';
import { messages as committee } from '@rescuedesk/shared/locales/en/committee.json?lingui';

export const messages = { ...common, ...auth, ...fields, ...options, ...validation, ...errors, ...cases, ...directory, ...reports, ...surveys, ...privacy, ...runs, ...citizen, ...stock, ...map, ...committee, ...notices };
