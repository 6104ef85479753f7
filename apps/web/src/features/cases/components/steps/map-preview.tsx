import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import { MapUnavailable } from './map-unavailable';

export interface MapPreviewProps {
  latitude: number;
  longitude: number;
  /** Metres, drawn as a circle around the point; null: unknown. */
  accuracy: number | null;
  /** What the map shows, for a screen reader (already in the user's language). */
  label: string;
}

const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * A small still map of a point with OpenStreetMap tiles (Leaflet, in its own chunk). Nothing to
 * drag or focus: it only shows where the point is. It is drawn only online (point-map.tsx), so a tile
 * that cannot be fetched means the tile server is unreachable: one line says so instead of a blank box.
 */
export default function MapPreview({ latitude, longitude, accuracy, label }: MapPreviewProps) {
  const element = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const container = element.current;
    if (!container) return;
    const map = L.map(container, {
      center: [latitude, longitude],
      zoom: 17,
      zoomControl: false,
      dragging: false,
      touchZoom: false,
      scrollWheelZoom: false,
      doubleClickZoom: false,
      boxZoom: false,
      keyboard: false,
    });
    map.attributionControl.setPrefix(false);
    const tiles = L.tileLayer(TILES, { maxZoom: 19, attribution: ATTRIBUTION });
    tiles.on('tileerror', () => setFailed(true));
    tiles.addTo(map);
    if (accuracy !== null && accuracy > 0) L.circle([latitude, longitude], { radius: accuracy, weight: 1 }).addTo(map);
    L.circleMarker([latitude, longitude], { radius: 7, weight: 2, fillOpacity: 0.9 }).addTo(map);
    return () => {
      map.remove();
    };
  }, [latitude, longitude, accuracy]);

  if (failed) return <MapUnavailable reason="tiles" />;
  return <div ref={element} role="img" aria-label={label} style={{ height: 180, borderRadius: 8, overflow: 'hidden', zIndex: 0, position: 'relative' }} />;
}
