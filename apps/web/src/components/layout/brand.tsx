import { Group, Text } from '@mantine/core';
import { useT } from '../../lib/i18n/use-t';
import { Logo } from '../ui/logo';

/** The logo and the product name, as they head the sidebar and the narrow top bar. */
export function Brand() {
  const t = useT();
  return (
    <Group gap="xs" wrap="nowrap">
      <Logo size={30} />
      <Text fw={700} size="lg">
        {t('common.appName')}
      </Text>
    </Group>
  );
}
