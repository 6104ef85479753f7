import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useChosenNgo, useNgoChoices } from '../../lib/ngo-choices';
import { useT } from '../../lib/i18n/use-t';
import { SEARCH_DEBOUNCE_MS } from './use-directory-list';
import classes from './directory.module.css';

export interface NgoSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  value: number | null;
  onChange: (ngoId: number | null) => void;
}

/**
 * Admin only: picks an NGO by name, searching on the server. The value is the NGO id, which is
 * what the API takes.
 */
export function NgoSelect({ value, onChange, disabled, ...props }: NgoSelectProps) {
  const t = useT();
  const [searchValue, setSearchValue] = useState('');
  const chosen = useChosenNgo(value);
  // While the box shows the chosen name, list every NGO rather than only that one.
  const typed = searchValue.trim() === (chosen.data?.name ?? '') ? '' : searchValue.trim();
  const [search] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const options = useNgoChoices(search, !disabled);

  const data = (options.data?.data ?? []).map((ngo) => ({ value: String(ngo.id), label: ngo.name }));
  if (chosen.data && !data.some((option) => option.value === String(chosen.data.id))) {
    data.unshift({ value: String(chosen.data.id), label: chosen.data.name });
  }

  return (
    <Select
      searchable
      nothingFoundMessage={options.isFetching ? t('directory.ngoSelect.searching') : t('directory.ngoSelect.noneFound')}
      leftSection={<IconBuildingCommunity size={16} stroke={1.6} aria-hidden />}
      classNames={{ option: classes.option }}
      comboboxProps={{ withinPortal: true }}
      {...props}
      disabled={disabled}
      data={data}
      // The server has filtered already; matching again here would hide Darpan Id matches.
      filter={({ options: all }) => all}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
      searchValue={searchValue}
      onSearchChange={setSearchValue}
    />
  );
}
