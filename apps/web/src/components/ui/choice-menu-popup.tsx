import { cloneElement } from 'react';
import { Menu } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { usePopupState, type PopupProps } from './popup-on-first-use';

/** One choice of a ChoiceMenuPopup: its label, the language it is written in, an icon beside it. */
export interface MenuChoice {
  value: string;
  label: string;
  lang?: string;
  icon?: Icon;
}

interface ChoiceMenuPopupProps extends PopupProps {
  label: string;
  width: number;
  value: string;
  choices: readonly MenuChoice[];
  onChoose: (value: string) => void;
}

/** A top-bar menu of one choice among a few (the language, the colour mode), in the 'popups' chunk. */
export function ChoiceMenuPopup({ target, opening, label, width, value, choices, onChoose }: ChoiceMenuPopupProps) {
  const popup = usePopupState(opening);
  return (
    <Menu position="bottom-end" shadow="md" width={width} opened={popup.opened} onChange={popup.onChange}>
      <Menu.Target>{cloneElement(target, { ref: popup.targetRef })}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        <Menu.RadioGroup value={value} onChange={onChoose}>
          {choices.map((choice) => (
            <Menu.RadioItem
              key={choice.value}
              value={choice.value}
              closeMenuOnClick
              lang={choice.lang}
              rightSection={choice.icon ? <choice.icon size={16} stroke={1.6} aria-hidden /> : undefined}
            >
              {choice.label}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
