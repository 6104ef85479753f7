import { ActionIcon, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun, type Icon } from '@tabler/icons-react';
import type { MessageKey } from '@rescuedesk/shared';
import { PopupOnFirstUse } from '../ui/popup-on-first-use';
import { useT } from '../../lib/i18n/use-t';

interface ColourModeOption {
  value: MantineColorScheme;
  labelKey: MessageKey;
  icon: Icon;
}

const SYSTEM: ColourModeOption = { value: 'auto', labelKey: 'shell.colourMode.system', icon: IconDeviceDesktop };
export const COLOUR_MODES: readonly ColourModeOption[] = [
  { value: 'light', labelKey: 'shell.colourMode.light', icon: IconSun },
  { value: 'dark', labelKey: 'shell.colourMode.dark', icon: IconMoon },
  SYSTEM,
];

const loadPopup = () => import('./colour-mode-popup');

/** Light, dark or follow the system; Mantine's colour-scheme manager keeps the choice in local storage. */
export function ColourModeControl({ className }: { className?: string }) {
  const t = useT();
  const { colorScheme } = useMantineColorScheme();
  const current = COLOUR_MODES.find((option) => option.value === colorScheme) ?? SYSTEM;
  return (
    <PopupOnFirstUse
      load={loadPopup}
      kind="menu"
      target={(loading) => (
        <ActionIcon
          variant="default"
          size="lg"
          className={className}
          loading={loading}
          aria-label={t('shell.colourMode')}
          title={t('shell.colourModeCurrent', { mode: t(current.labelKey) })}
        >
          <current.icon size={18} stroke={1.6} />
        </ActionIcon>
      )}
    />
  );
}
