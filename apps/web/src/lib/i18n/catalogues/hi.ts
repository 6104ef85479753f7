// The hi catalogue, compiled at build time; one chunk, loaded when the language is chosen.
import { messages as common } from '@rescuedesk/shared/locales/hi/common.json?lingui';
import { messages as auth } from '@rescuedesk/shared/locales/hi/auth.json?lingui';
import { messages as fields } from '@rescuedesk/shared/locales/hi/fields.json?lingui';
import { messages as options } from '@rescuedesk/shared/locales/hi/options.json?lingui';
import { messages as validation } from '@rescuedesk/shared/locales/hi/validation.json?lingui';
import { messages as errors } from '@rescuedesk/shared/locales/hi/errors.json?lingui';
import { messages as cases } from '@rescuedesk/shared/locales/hi/cases.json?lingui';
import { messages as directory } from '@rescuedesk/shared/locales/hi/directory.json?lingui';
import { messages as reports } from '@rescuedesk/shared/locales/hi/reports.json?lingui';
import { messages as citizen } from '@rescuedesk/shared/locales/hi/citizen.json?lingui';
import { messages as surveys } from '@rescuedesk/shared/locales/hi/surveys.json?lingui';
import { messages as privacy } from '@rescuedesk/shared/locales/hi/privacy.json?lingui';
import { messages as runs } from '@rescuedesk/shared/locales/hi/runs.json?lingui';
import { messages as stock } from '@rescuedesk/shared/locales/hi/stock.json?lingui';
import { messages as map } from '@rescuedesk/shared/locales/hi/map.json?lingui';
import { messages as notices } from '@rescuedesk/shared/locales/hi/notices.json?lingui';
import { messages as committee } from '@rescuedesk/shared/locales/hi/committee.json?lingui';

export const messages = { ...common, ...auth, ...fields, ...options, ...validation, ...errors, ...cases, ...directory, ...reports, ...surveys, ...privacy, ...runs, ...citizen, ...stock, ...map, ...committee, ...notices };
