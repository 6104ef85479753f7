import type { ComponentProps } from 'react';
import { CloseButton, Select, TextInput, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import type { OptionSet } from '@rescuedesk/shared';
import { useT } from '../../../../lib/i18n/use-t';
import { optionData } from '../option-data';
import touch from '../touch-target.module.css';
import { FIELD_SIZE } from './step-values';

type InputProps = GetInputPropsReturnType;

interface FieldProps {
  /** Already in the user's language. */
  label: string;
  inputProps: InputProps;
  required?: boolean;
  description?: string;
}

/** A native date or time picker (phones show their own wheel or calendar); the value stays YYYY-MM-DD or hh:mm. */
export function DateTimeField({ label, inputProps, required = false, description, kind }: FieldProps & { kind: 'date' | 'time' }) {
  const t = useT();
  const filled = typeof inputProps.value === 'string' && inputProps.value !== '';
  return (
    <TextInput
      type={kind}
      size={FIELD_SIZE}
      label={label}
      description={description}
      withAsterisk={required}
      leftSection={kind === 'date' ? <IconCalendar size={18} stroke={1.6} /> : <IconClock size={18} stroke={1.6} />}
      rightSection={
        !required && filled ? (
          <CloseButton size="md" className={touch.target} aria-label={t('cases.step.clearField', { field: label })} onClick={() => inputProps.onChange('')} />
        ) : null
      }
      {...inputProps}
    />
  );
}

/** One of a fixed list of options (section 9), shown by their labels; optional fields can be cleared. */
export function ChoiceField({ label, inputProps, options, required = false }: FieldProps & { options: OptionSet }) {
  const t = useT();
  return (
    <Select
      size={FIELD_SIZE}
      label={label}
      placeholder={t('common.choose')}
      data={optionData(t, options)}
      // 44 px on a phone is taller than the input's inner box: without its own background the button
      // does not paint over the input's border.
      clearButtonProps={{ className: touch.target, style: { background: 'transparent' } }}
      withAsterisk={required}
      clearable={!required}
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
