/**
 * Dates as Indian users write them: day/month/year. Every date picker of the app shows dd/mm/yyyy
 * (valueFormat DAY_MONTH_YEAR) and stores YYYY-MM-DD.
 */
export const DAY_MONTH_YEAR = 'DD/MM/YYYY';

/** '20/11/2026' (also 20-11-2026, 20.11.2026 or 20112026) as YYYY-MM-DD; null when it is no real date. */
export function parseDayMonthYear(text: string): string | null {
  const match = /^\s*(\d{1,2})[./-](\d{1,2})[./-](\d{4})\s*$/.exec(text) ?? /^\s*(\d{2})(\d{2})(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)}`;
}
