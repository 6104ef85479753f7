import { lazy, Suspense } from 'react';
import { Text } from '@mantine/core';
import { useT } from '../../../../lib/i18n/use-t';
import { useOnline } from '../../../../lib/offline/shown-data';

function MapUnavailable() {
  const t = useT();
  return (
    <Text size="sm" c="dimmed">
      {t('cases.abc.mapUnavailable')}
    </Text>
  );
}

// Leaflet and its styles come in their own chunk, fetched only when a point is shown; if the chunk cannot be fetched, the same line as offline.
const MapPreview = lazy(() => import('./map-preview').catch(() => ({ default: MapUnavailable })));

const asNumber = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : NaN);

interface PointMapProps {
  latitude: unknown;
  longitude: unknown;
  accuracy: unknown;
  label: string;
}

/** The map preview of a point once both coordinates are valid; offline, one plain line instead. */
export function PointMap({ latitude, longitude, accuracy, label }: PointMapProps) {
  const online = useOnline();
  const lat = asNumber(latitude);
  const lon = asNumber(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  const metres = asNumber(accuracy);
  return (
    <div style={{ gridColumn: '1 / -1' }}>
      {online ? (
        <Suspense fallback={<div style={{ height: 180 }} />}>
          <MapPreview latitude={lat} longitude={lon} accuracy={Number.isFinite(metres) ? metres : null} label={label} />
        </Suspense>
      ) : (
        <MapUnavailable />
      )}
    </div>
  );
}
