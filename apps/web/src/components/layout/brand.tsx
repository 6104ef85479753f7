import { Group, Text } from '@mantine/core';
import { Logo } from '../ui/logo';

/** The logo and the product name, as they head the sidebar and the narrow top bar. */
export function Brand() {
  return (
    <Group gap="xs" wrap="nowrap">
      <Logo size={30} />
      <Text fw={700} size="lg">
        RescueDesk
      </Text>
    </Group>
  );
}
