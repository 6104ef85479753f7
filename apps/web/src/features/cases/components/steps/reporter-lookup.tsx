import { useState, type ComponentProps } from 'react';
import { Combobox, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { GetInputPropsReturnType } from '@mantine/form';
import { MATCHES, MIN_REPORTER_SEARCH, useReporterMatches } from '../../api/find-reporters';
import { reportersMatching, useDirectoryChoices, type ReporterChoice } from '../../api/get-directory-choices';
import { useT } from '../../../../lib/i18n/use-t';
import { FIELD_SIZE } from './step-values';

/** How long typing must pause before the directory is asked. */
export const REPORTER_SEARCH_DEBOUNCE_MS = 300;

interface ReporterLookupProps extends Pick<ComponentProps<typeof TextInput>, 'type' | 'inputMode'> {
  /** Already in the user's language. */
  label: string;
  required?: boolean;
  inputProps: GetInputPropsReturnType;
  ngoId: number | null;
  /** Which of the reporter's details the field shows for each match. */
  shows: 'name' | 'contact';
  onPick: (reporter: ReporterChoice) => void;
  /** The user typed into the field. */
  onType: () => void;
}

/**
 * The reporter's name or phone number, with the directory's reporters that match what is typed
 * (two characters or more, by name or phone, after a pause). Picking one fills name, phone,
 * alternate phone and email; typing on keeps the text as a new reporter.
 */
export function ReporterLookup({ label, required = false, inputProps, ngoId, shows, onPick, onType, ...input }: ReporterLookupProps) {
  const t = useT();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  // Only what the user types is looked up: a stored name shown on opening the step asks nothing.
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed, REPORTER_SEARCH_DEBOUNCE_MS);
  const matches = useReporterMatches(search, ngoId);
  // Offline (or before the server's matches come), the NGO's latest reporters kept on the device since sign-in.
  const kept = useDirectoryChoices(ngoId).data?.reporters;
  const options: ReporterChoice[] = search.trim().length >= MIN_REPORTER_SEARCH ? (matches.data ?? reportersMatching(kept ?? [], search, MATCHES)) : [];

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(id) => {
        const reporter = options.find((r) => String(r.id) === id);
        if (reporter) onPick(reporter);
        setTyped('');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          size={FIELD_SIZE}
          label={label}
          withAsterisk={required}
          autoComplete="off"
          {...input}
          {...inputProps}
          onChange={(event) => {
            inputProps.onChange(event);
            setTyped(event.currentTarget.value);
            onType();
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onBlur={(event) => {
            combobox.closeDropdown();
            inputProps.onBlur?.(event);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={options.length === 0}>
        <Combobox.Header>
          <Text size="xs" c="dimmed">
            {t('cases.reporter.fromDirectory')}
          </Text>
        </Combobox.Header>
        <Combobox.Options>
          {options.map((reporter) => (
            <Combobox.Option value={String(reporter.id)} key={reporter.id} style={{ minHeight: 44 }}>
              <Text size="sm" fw={600}>
                {shows === 'name' ? reporter.name : reporter.contact}
              </Text>
              <Text size="xs" c="dimmed">
                {shows === 'name' ? reporter.contact : reporter.name}
              </Text>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
