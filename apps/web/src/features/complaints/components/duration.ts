import type { Translate } from '@rescuedesk/shared';

/** Minutes as "3 h 20 min" (or "20 min"), in the reader's language. */
export function durationText(t: Translate, minutes: number | null): string {
  if (minutes === null) return '–';
  const hours = Math.floor(minutes / 60);
  return hours === 0 ? t('citizen.register.minutesOnly', { minutes }) : t('citizen.register.hoursMinutes', { hours, minutes: minutes % 60 });
}
