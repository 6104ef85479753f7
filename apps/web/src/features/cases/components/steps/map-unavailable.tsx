import { Text } from '@mantine/core';
import { useT } from '../../../../lib/i18n/use-t';

/**
 * Why a point's map is not shown: the device is offline; or it is online but the map's tiles could
 * not be fetched (the map server is unreachable); or the map itself could not be fetched from the app.
 */
export type MapUnavailableReason = 'offline' | 'tiles' | 'map';

const MESSAGES = {
  offline: 'cases.abc.mapUnavailable',
  tiles: 'cases.abc.mapTilesUnreachable',
  map: 'cases.abc.mapNotFetched',
} as const;

export function MapUnavailable({ reason }: { reason: MapUnavailableReason }) {
  const t = useT();
  return (
    <Text size="sm" c="dimmed" role="status">
      {t(MESSAGES[reason])}
    </Text>
  );
}
