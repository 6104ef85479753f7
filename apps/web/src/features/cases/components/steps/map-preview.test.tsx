import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../../test/render';
import { messages as en } from '../../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../../lib/i18n/catalogues/hi';
import { i18n } from '../../../../lib/i18n/i18n';
import { MapUnavailable } from './map-unavailable';

/** Leaflet draws nothing in jsdom: a stand-in that keeps the tile layer's error handler for the test to call. */
const tileErrors: Array<() => void> = [];
vi.mock('leaflet', () => {
  const layer = () => ({ addTo: () => layer(), on: (event: string, handler: () => void) => (event === 'tileerror' && tileErrors.push(handler), layer()) });
  const map = () => ({ attributionControl: { setPrefix: () => undefined }, remove: () => undefined });
  return { default: { map, tileLayer: layer, circle: layer, circleMarker: layer } };
});
vi.mock('leaflet/dist/leaflet.css', () => ({}));

afterEach(() => {
  tileErrors.length = 0;
  i18n.loadAndActivate({ locale: 'en', messages: en });
});

describe('MapPreview', () => {
  it('shows the map, and says the map server is unreachable (not that the device is offline) when its tiles fail', async () => {
    const { default: MapPreview } = await import('./map-preview');
    renderWithProviders(<MapPreview latitude={12.97} longitude={77.59} accuracy={10} label="Capture point" />);
    expect(screen.getByRole('img', { name: 'Capture point' })).toBeTruthy();
    expect(tileErrors).toHaveLength(1);
    act(() => tileErrors[0]?.());
    expect(screen.getByRole('status').textContent).toBe('Map not loaded: you are online, but the map server cannot be reached.');
    expect(screen.queryByText('Map unavailable offline.')).toBeNull();
    expect(screen.queryByRole('img', { name: 'Capture point' })).toBeNull();
  });
});

describe('MapUnavailable', () => {
  it('tells offline, an unreachable map server and a map that could not be fetched apart, in English and Hindi', () => {
    const { unmount } = renderWithProviders(
      <>
        <MapUnavailable reason="offline" />
        <MapUnavailable reason="tiles" />
        <MapUnavailable reason="map" />
      </>,
    );
    expect(screen.getAllByRole('status').map((line) => line.textContent)).toEqual([
      'Map unavailable offline.',
      'Map not loaded: you are online, but the map server cannot be reached.',
      'Map not loaded: it could not be fetched. Reload the page to try again.',
    ]);
    unmount();

    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    renderWithProviders(<MapUnavailable reason="tiles" />);
    expect(screen.getByRole('status').textContent).toBe('नक्शा लोड नहीं हुआ: आप ऑनलाइन हैं, पर नक्शे का सर्वर नहीं मिल रहा।');
  });
});
