/**
 * Every catalogue part of both languages, as plain JSON, for the server and the tests. The browser never
 * imports this: it loads one language's compiled chunk (apps/web/src/lib/i18n).
 */
import en_common from './en/common.json' with { type: 'json' };
import en_auth from './en/auth.json' with { type: 'json' };
import en_fields from './en/fields.json' with { type: 'json' };
import en_options from './en/options.json' with { type: 'json' };
import en_validation from './en/validation.json' with { type: 'json' };
import en_errors from './en/errors.json' with { type: 'json' };
import en_cases from './en/cases.json' with { type: 'json' };
import en_directory from './en/directory.json' with { type: 'json' };
import en_reports from './en/reports.json' with { type: 'json' };
import en_citizen from './en/citizen.json' with { type: 'json' };
import en_surveys from './en/surveys.json' with { type: 'json' };
import en_privacy from './en/privacy.json' with { type: 'json' };
import en_runs from './en/runs.json' with { type: 'json' };
import en_stock from './en/stock.json' with { type: 'json' };
import en_map from './en/map.json' with { type: 'json' };
import en_notices from './en/notices.json' with { type: 'json' };
import en_committee from './en/committee.json' with { type: 'json' };
import hi_common from './hi/common.json' with { type: 'json' };
import hi_auth from './hi/auth.json' with { type: 'json' };
import hi_fields from './hi/fields.json' with { type: 'json' };
import hi_options from './hi/options.json' with { type: 'json' };
import hi_validation from './hi/validation.json' with { type: 'json' };
import hi_errors from './hi/errors.json' with { type: 'json' };
import hi_cases from './hi/cases.json' with { type: 'json' };
import hi_directory from './hi/directory.json' with { type: 'json' };
import hi_reports from './hi/reports.json' with { type: 'json' };
import hi_citizen from './hi/citizen.json' with { type: 'json' };
import hi_surveys from './hi/surveys.json' with { type: 'json' };
import hi_privacy from './hi/privacy.json' with { type: 'json' };
import hi_runs from './hi/runs.json' with { type: 'json' };
import hi_stock from './hi/stock.json' with { type: 'json' };
import hi_map from './hi/map.json' with { type: 'json' };
import hi_notices from './hi/notices.json' with { type: 'json' };
import hi_committee from './hi/committee.json' with { type: 'json' };
import type { CatalogueArea, Language } from '../i18n';

export const CATALOGUES: Readonly<Record<Language, Readonly<Record<CatalogueArea, Readonly<Record<string, string>>>>>> = {
  en: { common: en_common, auth: en_auth, fields: en_fields, options: en_options, validation: en_validation, errors: en_errors, cases: en_cases, directory: en_directory, reports: en_reports, surveys: en_surveys, privacy: en_privacy, runs: en_runs, citizen: en_citizen, stock: en_stock, map: en_map, committee: en_committee, notices: en_notices },
  hi: { common: hi_common, auth: hi_auth, fields: hi_fields, options: hi_options, validation: hi_validation, errors: hi_errors, cases: hi_cases, directory: hi_directory, reports: hi_reports, surveys: hi_surveys, privacy: hi_privacy, runs: hi_runs, citizen: hi_citizen, stock: hi_stock, map: hi_map, committee: hi_committee, notices: hi_notices },
};
