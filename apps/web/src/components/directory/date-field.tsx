import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import '../../lib/i18n/date-picker-locales';
import { IconCalendar } from '@tabler/icons-react';
import { DAY_MONTH_YEAR, parseDayMonthYear } from '../../lib/day-month-year';
import { useT } from '../../lib/i18n/use-t';

/**
 * A date of a directory form (a sponsor's start and end), in the app's one date-picker style, as the
 * case page has it: typed or shown as dd/mm/yyyy, with a calendar in the user's language, stored
 * as YYYY-MM-DD.
 */
export function DateField(props: DateInputProps) {
  const t = useT();
  return (
    <DateInput
      valueFormat={DAY_MONTH_YEAR}
      dateParser={parseDayMonthYear}
      placeholder={t('directory.dates.placeholder')}
      leftSection={<IconCalendar size={16} stroke={1.6} aria-hidden />}
      popoverProps={{ position: 'bottom-start' }}
      // The calendar's arrow buttons show only an icon.
      ariaLabels={{
        previousMonth: t('directory.dates.previousMonth'),
        nextMonth: t('directory.dates.nextMonth'),
        previousYear: t('directory.dates.previousYear'),
        nextYear: t('directory.dates.nextYear'),
        previousDecade: t('directory.dates.previousDecade'),
        nextDecade: t('directory.dates.nextDecade'),
        monthLevelControl: t('directory.dates.chooseMonth'),
        yearLevelControl: t('directory.dates.chooseYear'),
      }}
      {...props}
    />
  );
}
