import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconAmbulance, IconBuildingHospital, IconFolders, IconHeartHandshake } from '@tabler/icons-react';
import { optionKey, type MessageKey, type StatusCounts } from '@rescuedesk/shared';
import { formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';

interface Tile {
  labelKey: MessageKey;
  count: (counts: StatusCounts) => number;
  icon: ReactNode;
  color: string;
}

const TILES: readonly Tile[] = [
  { labelKey: 'cases.tiles.total', count: (c) => c.total, icon: <IconFolders size={22} />, color: 'teal' },
  { labelKey: optionKey('status', 'Reported'), count: (c) => c.Reported, icon: <IconAmbulance size={22} />, color: 'orange' },
  { labelKey: optionKey('status', 'Admitted'), count: (c) => c.Admitted, icon: <IconBuildingHospital size={22} />, color: 'blue' },
  { labelKey: optionKey('status', 'Released'), count: (c) => c.Released, icon: <IconHeartHandshake size={22} />, color: 'grape' },
];

/**
 * The four summary tiles, counted by the server over the whole filtered set (not just this page):
 * two a row until 62em, since beside the sidebar a tablet's page is narrower than four tiles need.
 */
export function CaseTiles({ counts }: { counts: StatusCounts | undefined }) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', xs: 'md' }}>
      {TILES.map((tile) => (
        <Paper key={tile.labelKey} withBorder radius="md" p={{ base: 'sm', xs: 'md' }} role="group" aria-label={t(tile.labelKey)}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div>
              <Text size="sm" c="dimmed" fw={500}>
                {t(tile.labelKey)}
              </Text>
              {counts ? (
                <Text fz={28} fw={700} lh={1.2}>
                  {formatNumber(tile.count(counts))}
                </Text>
              ) : (
                <Skeleton height={28} width={48} mt={4} />
              )}
            </div>
            <ThemeIcon variant="light" color={tile.color} size={40} radius="md" aria-hidden visibleFrom="xs">
              {tile.icon}
            </ThemeIcon>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
