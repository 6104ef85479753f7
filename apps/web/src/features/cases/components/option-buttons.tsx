import type { CSSProperties, ReactNode } from 'react';
import { Radio } from '@mantine/core';
import classes from './option-buttons.module.css';

interface OptionButtonsProps {
  /** Already in the user's language. */
  label: string;
  data: ReadonlyArray<{ value: string; label: string }>;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
  required?: boolean;
  /** Tapping the chosen option again clears the field (an optional field may be left empty). */
  clearable?: boolean;
  /** Options per row (all of them by default). */
  columns?: number;
  size?: 'sm' | 'md';
  /** For the first invalid field's focus: the group's first option. */
  'data-autofocus'?: boolean;
}

/**
 * A short list of options as buttons in a row (a radio group): one tap, where a list takes two,
 * and every option in sight. Each option is a 44 px touch target.
 */
export function OptionButtons({ label, data, value, onChange, error, required = false, clearable = false, columns, size = 'md', ...rest }: OptionButtonsProps) {
  const style = { '--option-columns': columns ?? data.length } as CSSProperties;
  return (
    <Radio.Group label={label} withAsterisk={required} error={error} value={value ?? ''} size={size} mod={{ invalid: Boolean(error) }}>
      <div className={classes.row} style={style}>
        {data.map((option, index) => (
          <Radio.Card
            key={option.value}
            value={option.value}
            className={classes.option}
            withBorder={false}
            data-autofocus={index === 0 && rest['data-autofocus'] ? true : undefined}
            onClick={() => onChange(clearable && value === option.value ? null : option.value)}
          >
            {option.label}
          </Radio.Card>
        ))}
      </div>
    </Radio.Group>
  );
}
