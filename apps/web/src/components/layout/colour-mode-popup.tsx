import { isMantineColorScheme, useMantineColorScheme } from '@mantine/core';
import { ChoiceMenuPopup } from '../ui/choice-menu-popup';
import type { PopupProps } from '../ui/popup-on-first-use';
import { useT } from '../../lib/i18n/use-t';
import { COLOUR_MODES } from './colour-mode-control';

/** The colour mode's menu itself (colour-mode-control.tsx draws its trigger until it is first used). */
export default function ColourModePopup({ target, opening }: PopupProps) {
  const t = useT();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <ChoiceMenuPopup
      target={target}
      opening={opening}
      label={t('shell.colourMode')}
      width={200}
      value={colorScheme}
      choices={COLOUR_MODES.map((mode) => ({ value: mode.value, label: t(mode.labelKey), icon: mode.icon }))}
      onChoose={(value) => {
        if (isMantineColorScheme(value)) setColorScheme(value);
      }}
    />
  );
}
