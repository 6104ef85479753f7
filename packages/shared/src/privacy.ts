/**
 * Personal data shown to those who need it (docs/privacy.md): which fields are masked, how a masked
 * value reads, and the version of the privacy notice read to a caller. The server masks; the browser
 * only shows what it was sent.
 */
import type { MessageKey } from './i18n';

/**
 * The version of the privacy notice read out on the phone (`privacy.notice.text` in the catalogue).
 * Change it whenever the notice's wording changes, so each case says which wording its reporter heard.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-29';

/** A case's fields that hold the reporter's personal data, masked for Workers who do not work on the case. */
export const CASE_PERSONAL_FIELDS = ['reporterContact', 'reporterAltContact', 'reporterEmail'] as const;
export type CasePersonalField = (typeof CASE_PERSONAL_FIELDS)[number];

/**
 * A case's fields that retention and erasure empty, whose old and new values in the case timeline
 * are emptied with them (migration 037 lets exactly these through the append-only audit log).
 */
export const CASE_REPORTER_FIELDS = ['reporterName', ...CASE_PERSONAL_FIELDS] as const;

/**
 * Why a case timeline entry's reporter values were emptied: the retention period, an erasure
 * request, or either before the timeline recorded which ('earlier', migration 037).
 */
export const EMPTIED_BY = ['retention', 'erasure', 'earlier'] as const;
export type EmptiedBy = (typeof EMPTIED_BY)[number];

/**
 * A directory reporter's fields that hold personal data, masked for a Worker who did not add the
 * reporter (docs/privacy.md#who-sees-what).
 */
export const REPORTER_PERSONAL_FIELDS = ['contact', 'alternateContact', 'email'] as const;
export type ReporterPersonalField = (typeof REPORTER_PERSONAL_FIELDS)[number];

/** Why personal data was seen in full: a tap on Reveal, a CSV export with personal columns, an identity document opened. */
export const ACCESS_REASONS = ['reveal', 'export', 'document'] as const;
export type AccessReason = (typeof ACCESS_REASONS)[number];

/** What an access-log entry names as its record. */
export const ACCESS_RECORD_TYPES = ['case', 'reporter', 'export', 'image'] as const;
export type AccessRecordType = (typeof ACCESS_RECORD_TYPES)[number];

/** The character a masked digit or letter is shown as. */
export const MASK_CHAR = 'x';

/** Digits kept at the end of a masked phone number, enough to tell two callers apart. */
const PHONE_KEPT_END = 3;
/** Digits kept at the start of the number after an Indian '+91' (the operator's series). */
const PHONE_KEPT_START = 2;

/**
 * A phone number with all but its first two and last three digits masked, spaces and signs kept:
 * '+91 98480 11410' reads '+91 98xxx xx410', '9848011410' reads '98xxxxx410'. An Indian country
 * code (+91) stays, as it tells nothing about the person.
 */
export function maskPhone(value: string): string {
  const country = /^\+91[\s-]*/.exec(value)?.[0] ?? '';
  const rest = value.slice(country.length);
  const digits = rest.replace(/\D/g, '').length;
  let seen = 0;
  const masked = rest.replace(/\d/g, (digit) => {
    seen += 1;
    return seen <= PHONE_KEPT_START || seen > digits - PHONE_KEPT_END ? digit : MASK_CHAR;
  });
  return country + masked;
}

/** An email address with its name part masked after the first letter: 'anita.rao@gmail.com' reads 'axxxxxxxx@gmail.com'. */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at <= 0) return MASK_CHAR.repeat(value.length);
  return value.slice(0, 1) + MASK_CHAR.repeat(at - 1) + value.slice(at);
}

export function maskCaseField(field: CasePersonalField, value: string): string {
  return field === 'reporterEmail' ? maskEmail(value) : maskPhone(value);
}

export function maskReporterField(field: ReporterPersonalField, value: string): string {
  return field === 'email' ? maskEmail(value) : maskPhone(value);
}

/**
 * Fields whose label is not `field.<name>`: the directory records' image fields by the label their
 * forms show, and a directory reporter's phones (case fields have `field.<name>` labels).
 */
const FIELD_LABELS: Readonly<Record<string, MessageKey>> = {
  contact: 'field.reporterContact',
  alternateContact: 'field.reporterAltContact',
  Verification: 'field.verificationId',
  RegCert: 'field.regCert',
  PanCard: 'field.panCard',
  VetCertification: 'field.vetCertification',
};

/** The label of an access-log entry's field: a case field, a document, or an export's personal columns. */
export function accessFieldLabel(field: string): MessageKey {
  if (field === 'personal') return 'privacy.log.personalColumns';
  return FIELD_LABELS[field] ?? (`field.${field}` as MessageKey);
}
