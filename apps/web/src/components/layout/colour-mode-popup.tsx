import { cloneElement } from 'react';
import { Menu, isMantineColorScheme, useMantineColorScheme } from '@mantine/core';
import { usePopupState, type PopupProps } from '../ui/popup-on-first-use';
import { useT } from '../../lib/i18n/use-t';
import { COLOUR_MODES } from './colour-mode-control';

/** The colour mode's menu itself (colour-mode-control.tsx draws its trigger until it is first used). */
export default function ColourModePopup({ target, opening }: PopupProps) {
  const t = useT();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const popup = usePopupState(opening);
  return (
    <Menu position="bottom-end" shadow="md" width={200} opened={popup.opened} onChange={popup.onChange}>
      <Menu.Target>{cloneElement(target, { ref: popup.targetRef })}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.colourMode')}</Menu.Label>
        <Menu.RadioGroup value={colorScheme} onChange={(value) => isMantineColorScheme(value) && setColorScheme(value)}>
          {COLOUR_MODES.map((option) => (
            <Menu.RadioItem key={option.value} value={option.value} closeMenuOnClick rightSection={<option.icon size={16} stroke={1.6} aria-hidden />}>
              {t(option.labelKey)}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
