import '@mantine/dates/styles.css';
import type { ComponentProps, ReactNode } from 'react';
import { CloseButton, Select, TextInput, Textarea, UnstyledButton } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '../../../../lib/i18n/date-picker-locales';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconCalendar } from '@tabler/icons-react';
import { OPTION_SETS, type OptionSet } from '@rescuedesk/shared';
import { useT } from '../../../../lib/i18n/use-t';
import { OptionButtons } from '../option-buttons';
import { optionData } from '../option-data';
import touch from '../touch-target.module.css';
import classes from './step-fields.module.css';
import { FIELD_SIZE, currentTime, parseDayMonthYear, today } from './step-values';

type InputProps = GetInputPropsReturnType;

interface FieldProps {
  /** Already in the user's language. */
  label: string;
  inputProps: InputProps;
  required?: boolean;
  description?: string;
}

const filledText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Beside an empty date or time: "Today" / "Now", which fills it; beside a filled optional one: a clear button. */
function MomentHelper({ kind, label, inputProps, required }: { kind: 'date' | 'time'; label: string; inputProps: InputProps; required: boolean }) {
  const t = useT();
  if (filledText(inputProps.value)) {
    return required ? null : (
      <CloseButton
        size="md"
        className={touch.target}
        style={{ background: 'transparent' }}
        aria-label={t('cases.step.clearField', { field: label })}
        onClick={() => inputProps.onChange('')}
      />
    );
  }
  const fill = kind === 'date' ? today : currentTime;
  return (
    <UnstyledButton
      className={classes.helper}
      aria-label={t(kind === 'date' ? 'cases.step.todayFor' : 'cases.step.nowFor', { field: label })}
      onClick={() => inputProps.onChange(fill())}
    >
      {t(kind === 'date' ? 'cases.step.today' : 'cases.step.now')}
    </UnstyledButton>
  );
}

const HELPER_WIDTH = 76;

/**
 * A date, shown and typed as dd/mm/yyyy (as Indian users write it) with a calendar in the user's
 * language, stored as YYYY-MM-DD. Empty until the user fills it: "Today" does so in one tap.
 */
export function DateField({ label, inputProps, required = false, description }: FieldProps) {
  const t = useT();
  const { value, onChange, error, onFocus, onBlur } = inputProps;
  return (
    <DateInput
      size={FIELD_SIZE}
      label={label}
      description={description}
      withAsterisk={required}
      valueFormat="DD/MM/YYYY"
      placeholder={t('cases.step.datePlaceholder')}
      dateParser={parseDayMonthYear}
      leftSection={<IconCalendar size={18} stroke={1.6} aria-hidden />}
      rightSection={<MomentHelper kind="date" label={label} inputProps={inputProps} required={required} />}
      rightSectionWidth={filledText(value) ? undefined : HELPER_WIDTH}
      rightSectionPointerEvents="auto"
      value={filledText(value) ? value : null}
      onChange={(next) => onChange(next ?? '')}
      error={error as ReactNode}
      onFocus={onFocus}
      onBlur={onBlur}
      popoverProps={{ position: 'bottom-start' }}
      ariaLabels={{
        previousMonth: t('cases.dates.previousMonth'),
        nextMonth: t('cases.dates.nextMonth'),
        previousYear: t('cases.dates.previousYear'),
        nextYear: t('cases.dates.nextYear'),
        previousDecade: t('cases.dates.previousDecade'),
        nextDecade: t('cases.dates.nextDecade'),
        monthLevelControl: t('cases.dates.chooseMonth'),
        yearLevelControl: t('cases.dates.chooseYear'),
      }}
    />
  );
}

/** A time (hh:mm, 24-hour) in the phone's own time picker (it shows its own clock). Empty until the user fills it: "Now" does so in one tap. */
export function TimeField({ label, inputProps, required = false, description }: FieldProps) {
  return (
    <TextInput
      type="time"
      size={FIELD_SIZE}
      label={label}
      description={description}
      withAsterisk={required}
      rightSection={<MomentHelper kind="time" label={label} inputProps={inputProps} required={required} />}
      rightSectionWidth={filledText(inputProps.value) ? undefined : HELPER_WIDTH}
      rightSectionPointerEvents="auto"
      {...inputProps}
    />
  );
}

/**
 * One of a fixed list of options, shown by their labels: up to three as buttons in a row (one tap),
 * longer lists as a dropdown. Optional fields can be cleared.
 */
export function ChoiceField({ label, inputProps, options, required = false }: FieldProps & { options: OptionSet }) {
  const t = useT();
  const data = optionData(t, options);
  if (OPTION_SETS[options].length <= 3) {
    return (
      <OptionButtons
        label={label}
        data={data}
        value={filledText(inputProps.value) ? inputProps.value : null}
        onChange={(next) => inputProps.onChange(next ?? '')}
        error={inputProps.error as ReactNode}
        required={required}
        clearable={!required}
      />
    );
  }
  return (
    <Select
      size={FIELD_SIZE}
      label={label}
      placeholder={t('common.choose')}
      data={data}
      // 44 px on a phone is taller than the input's inner box: without its own background the button
      // does not paint over the input's border.
      clearButtonProps={{ className: touch.target, style: { background: 'transparent' }, 'aria-label': t('cases.step.clearField', { field: label }) }}
      withAsterisk={required}
      // The form holds '' for an empty field, which Mantine's Select counts as a value (its × shows on
      // an empty box): offer the × only once something is chosen.
      clearable={!required && filledText(inputProps.value)}
      allowDeselect={false}
      {...inputProps}
    />
  );
}

export function TextField({ label, inputProps, required = false, description, ...rest }: FieldProps & Pick<ComponentProps<typeof TextInput>, 'type' | 'inputMode' | 'autoComplete' | 'maxLength'>) {
  return <TextInput size={FIELD_SIZE} label={label} description={description} withAsterisk={required} {...rest} {...inputProps} />;
}

export function LongTextField({ label, inputProps, description }: FieldProps) {
  return <Textarea size={FIELD_SIZE} label={label} description={description} autosize minRows={2} maxRows={8} {...inputProps} />;
}
