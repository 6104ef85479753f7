import { lazy, Suspense } from 'react';
import { useOnline } from '../../../../lib/offline/shown-data';
import { MapUnavailable } from './map-unavailable';

/** Shown online when the map's own chunk could not be fetched. */
function MapNotFetched() {
  return <MapUnavailable reason="map" />;
}

// Leaflet and its styles come in their own chunk, fetched only when a point is shown; if the chunk cannot be fetched, one line says so.
const MapPreview = lazy(() => import('./map-preview').catch(() => ({ default: MapNotFetched })));

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
        <MapUnavailable reason="offline" />
      )}
    </div>
  );
}
