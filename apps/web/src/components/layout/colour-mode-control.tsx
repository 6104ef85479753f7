import { ActionIcon, Menu, isMantineColorScheme, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun, type Icon } from '@tabler/icons-react';

interface ColourModeOption {
  value: MantineColorScheme;
  label: string;
  icon: Icon;
}

const SYSTEM: ColourModeOption = { value: 'auto', label: 'System', icon: IconDeviceDesktop };
const OPTIONS: readonly ColourModeOption[] = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  SYSTEM,
];

/** Light, dark or follow the system; Mantine's colour-scheme manager keeps the choice in local storage. */
export function ColourModeControl() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = OPTIONS.find((option) => option.value === colorScheme) ?? SYSTEM;

  return (
    <Menu position="bottom-end" shadow="md" width={160}>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="Colour mode" title={`Colour mode: ${current.label}`}>
          <current.icon size={18} stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Colour mode</Menu.Label>
        <Menu.RadioGroup value={colorScheme} onChange={(value) => isMantineColorScheme(value) && setColorScheme(value)}>
          {OPTIONS.map((option) => (
            <Menu.RadioItem
              key={option.value}
              value={option.value}
              closeMenuOnClick
              rightSection={<option.icon size={16} stroke={1.6} aria-hidden />}
            >
              {option.label}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
