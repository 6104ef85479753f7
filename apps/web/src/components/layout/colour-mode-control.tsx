import { ActionIcon, Menu, isMantineColorScheme, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun, type Icon } from '@tabler/icons-react';
import type { MessageKey } from '@rescuedesk/shared';
import { useT } from '../../lib/i18n/use-t';

interface ColourModeOption {
  value: MantineColorScheme;
  labelKey: MessageKey;
  icon: Icon;
}

const SYSTEM: ColourModeOption = { value: 'auto', labelKey: 'shell.colourMode.system', icon: IconDeviceDesktop };
const OPTIONS: readonly ColourModeOption[] = [
  { value: 'light', labelKey: 'shell.colourMode.light', icon: IconSun },
  { value: 'dark', labelKey: 'shell.colourMode.dark', icon: IconMoon },
  SYSTEM,
];

/** Light, dark or follow the system; Mantine's colour-scheme manager keeps the choice in local storage. */
export function ColourModeControl({ className }: { className?: string }) {
  const t = useT();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = OPTIONS.find((option) => option.value === colorScheme) ?? SYSTEM;

  return (
    <Menu position="bottom-end" shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="lg"
          className={className}
          aria-label={t('shell.colourMode')}
          title={t('shell.colourModeCurrent', { mode: t(current.labelKey) })}
        >
          <current.icon size={18} stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.colourMode')}</Menu.Label>
        <Menu.RadioGroup value={colorScheme} onChange={(value) => isMantineColorScheme(value) && setColorScheme(value)}>
          {OPTIONS.map((option) => (
            <Menu.RadioItem
              key={option.value}
              value={option.value}
              closeMenuOnClick
              rightSection={<option.icon size={16} stroke={1.6} aria-hidden />}
            >
              {t(option.labelKey)}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
