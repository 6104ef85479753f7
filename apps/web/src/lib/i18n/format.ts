import { intlLocale } from './i18n';

/**
 * Dates, times and numbers as the user's language writes them (en-IN, hi-IN). Stored dates are
 * YYYY-MM-DD and times hh:mm; these only change how they are shown.
 */

/**
 * Formatters are kept per language and style: building an Intl formatter costs far more than using
 * one (ICU reads its locale data), and a list of fifty cases formats a date on every row.
 */
const kept = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function keptFormatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(style: string, build: (locale: string) => T): T {
  const locale = intlLocale();
  const key = `${locale}|${style}`;
  let formatter = kept.get(key) as T | undefined;
  if (!formatter) {
    formatter = build(locale);
    kept.set(key, formatter);
  }
  return formatter;
}

/** '2026-11-23' as 23/11/2026 (dd/mm/yyyy, as Indian users write dates). */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return keptFormatter('date', (locale) => new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' })).format(date);
}

/** An instant (ISO timestamp) as a local date and time. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return keptFormatter('date-time', (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })).format(date);
}

/** An instant as a local dd/mm/yyyy and 24-hour time ('23/11/2026, 21:55'): no am/pm to translate. */
export function formatDayMonthYearTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return keptFormatter('day-month-year-time', (locale) =>
    new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  ).format(date);
}

export function formatNumber(value: number | null | undefined, options?: Intl.NumberFormatOptions): string {
  if (value === null || value === undefined) return '';
  return keptFormatter(`number ${JSON.stringify(options ?? {})}`, (locale) => new Intl.NumberFormat(locale, options)).format(value);
}
