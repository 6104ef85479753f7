import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconAmbulance, IconBuildingHospital, IconFolders, IconHeartHandshake } from '@tabler/icons-react';
import type { StatusCounts } from '@rescuedesk/shared';

interface Tile {
  label: string;
  count: (counts: StatusCounts) => number;
  icon: ReactNode;
  color: string;
}

const TILES: readonly Tile[] = [
  { label: 'Total Cases', count: (c) => c.total, icon: <IconFolders size={22} />, color: 'teal' },
  { label: 'Reported', count: (c) => c.Reported, icon: <IconAmbulance size={22} />, color: 'orange' },
  { label: 'Admitted', count: (c) => c.Admitted, icon: <IconBuildingHospital size={22} />, color: 'blue' },
  { label: 'Released', count: (c) => c.Released, icon: <IconHeartHandshake size={22} />, color: 'grape' },
];

/** The four summary tiles, counted by the server over the whole filtered set (not just this page). */
export function CaseTiles({ counts }: { counts: StatusCounts | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'xs', xs: 'md' }}>
      {TILES.map((tile) => (
        <Paper key={tile.label} withBorder radius="md" p={{ base: 'sm', xs: 'md' }} role="group" aria-label={tile.label}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div>
              <Text size="sm" c="dimmed" fw={500}>
                {tile.label}
              </Text>
              {counts ? (
                <Text fz={28} fw={700} lh={1.2}>
                  {tile.count(counts)}
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
