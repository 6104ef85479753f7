import { Group, Text } from '@mantine/core';
import { useT } from '../../lib/i18n/use-t';
import { Logo } from '../ui/logo';

/** The logo and the product name, as they head the sidebar and the narrow top bar. */
export function Brand() {
  const t = useT();
  return (
    // On a phone the top bar holds the menu, the sync status and the actions: the logo stands for the
    // name there (the page's title says it), which showed cut short or under the status icon.
    <Group gap="xs" wrap="nowrap" miw={0}>
      <Logo size={30} />
      <Text fw={700} size="lg" visibleFrom="xs" truncate="end">
        {t('common.appName')}
      </Text>
    </Group>
  );
}
