import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import L from 'leaflet';
import { useNavigate } from 'react-router';
import { MAP_MAX_ZOOM, optionKey, type CaseStatus, type MapMarker, type MapSettings, type MapViewInput } from '@rescuedesk/shared';
import { useOnline } from '../../../lib/offline/shown-data';
import { useT } from '../../../lib/i18n/use-t';
import { useMapMarkers } from '../api/get-map-markers';
import { AGE_RING, ageBandOf, CLUSTER_FILL, countText, fillOf, REPORT_FILL, sizeOf, STATUS_FILL } from './marker-style';
import classes from './case-map.module.css';
import { usePickedCases } from './use-picked-cases';

export interface CaseMapProps {
  settings: MapSettings;
  /** The dashboard's filters: its type tab and search. */
  type: MapViewInput['type'];
  search: string | undefined;
  /** The user may plan runs: a case marker then offers "Add to run" beside "Open case". */
  canPlan?: boolean;
}

type Viewport = Pick<MapViewInput, 'west' | 'south' | 'east' | 'north' | 'zoom'>;

/** India, before the first markers say where the NGO works. */
const START: L.LatLngExpression = [22.5, 79];
const START_ZOOM = 5;
/** How far the first view zooms in to show all the markers at once. */
const FIT_MAX_ZOOM = 15;

const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));

function viewportOf(map: L.Map): Viewport {
  const b = map.getBounds();
  return { west: clamp(b.getWest(), 180), south: clamp(b.getSouth(), 90), east: clamp(b.getEast(), 180), north: clamp(b.getNorth(), 90), zoom: Math.min(MAP_MAX_ZOOM, Math.round(map.getZoom())) };
}

/**
 * The map of open cases (docs/product.md#the-map), Leaflet in its own chunk. Under the tiles a
 * plain grid with a scale is always drawn: where a tile cannot be had (offline and not kept by the
 * service worker, or the tile server down) the markers stand on the grid, and a line says which.
 */
export default function CaseMap({ settings, type, search, canPlan = false }: CaseMapProps) {
  const t = useT();
  const navigate = useNavigate();
  const online = useOnline();
  const element = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const fitted = useRef(false);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  // Picking cases for a run: the tapped case marker, and the cases picked so far (in picking order).
  const [tapped, setTapped] = useState<MapMarker | null>(null);
  const [picked, setPicked] = usePickedCases();
  // A tile could not be had: offline (and not kept by the service worker), or the tile server is down.
  const [tilesMissing, setTilesMissing] = useState(false);
  const tileProblem = tilesMissing ? (online ? 'server' : 'offline') : null;
  const markers = useMapMarkers(viewport && { ...viewport, type, ...(search ? { search } : {}) });

  useEffect(() => {
    const container = element.current;
    if (!container) return;
    const map = L.map(container, { center: START, zoom: START_ZOOM, maxZoom: MAP_MAX_ZOOM, zoomControl: false });
    L.control.zoom({ zoomInTitle: t('map.zoomIn'), zoomOutTitle: t('map.zoomOut') }).addTo(map);
    L.control.scale({ imperial: false }).addTo(map);
    map.attributionControl.setPrefix(false);
    new PlainGrid({ zIndex: 0 }).addTo(map);
    // crossOrigin: the service worker keeps only answers it can read (docs/deploy.md#map-tiles).
    const tiles = L.tileLayer(settings.tileUrl, { attribution: settings.attribution, maxZoom: MAP_MAX_ZOOM, crossOrigin: true, zIndex: 1 });
    tiles.on('tileerror', () => setTilesMissing(true));
    tiles.on('tileload', () => setTilesMissing(false));
    tiles.addTo(map);
    layerRef.current = L.layerGroup().addTo(map);
    map.on('moveend', () => setViewport(viewportOf(map)));
    mapRef.current = map;
    setViewport(viewportOf(map));
    return () => {
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
    };
    // The map is made once; the labels of its buttons follow the language it was made in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings.tileUrl, settings.attribution]);

  const shown = markers.data?.markers;
  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer || !shown) return;
    // The first view: one cluster holding everything is zoomed into until it parts, then the view
    // is fitted round all the markers.
    if (!fitted.current && shown.length > 0 && !markers.isPlaceholderData) {
      const only = shown.length === 1 ? shown[0] : undefined;
      if (only && only.count > 1 && map.getZoom() < FIT_MAX_ZOOM) map.setView([only.latitude, only.longitude], Math.min(FIT_MAX_ZOOM, map.getZoom() + 3));
      else {
        fitted.current = true;
        map.fitBounds(L.latLngBounds(shown.map((m) => [m.latitude, m.longitude] as L.LatLngTuple)).pad(0.2), { maxZoom: FIT_MAX_ZOOM });
      }
    }
    layer.clearLayers();
    for (const marker of shown) {
      const label = labelOf(marker);
      const icon = L.divIcon({ className: classes.marker!, html: badgeOf(marker, marker.id !== null && marker.kind === 'case' && picked.includes(marker.id)), iconSize: [sizeOf(marker.count), sizeOf(marker.count)] });
      const pin = L.marker([marker.latitude, marker.longitude], { icon, keyboard: true, title: label, riseOnHover: true });
      pin.on('click', () => {
        if (marker.count > 1) map.setView([marker.latitude, marker.longitude], Math.min(MAP_MAX_ZOOM, map.getZoom() + 2));
        else if (marker.kind === 'report') void navigate(`/intake?report=${marker.id}`);
        else if (canPlan) setTapped(marker);
        else void navigate(`/dashboard/case?id=${marker.id}`);
      });
      pin.addTo(layer);
      pin.getElement()?.setAttribute('aria-label', label);
    }

    function labelOf(marker: MapMarker): string {
      const age = marker.ageDays === null ? '' : t('map.age.days', { days: marker.ageDays });
      if (marker.count > 1) return t('map.cluster', { count: marker.count });
      if (marker.kind === 'report') return t('map.report', { age });
      return t(marker.id !== null && picked.includes(marker.id) ? 'map.case.picked' : 'map.case', { id: marker.id ?? '', status: marker.status ? t(optionKey('status', marker.status as CaseStatus)) : '', age });
    }
  }, [shown, markers.isPlaceholderData, navigate, t, canPlan, picked]);

  return (
    <Stack gap="xs">
      {tileProblem ? (
        <Alert color="yellow" role="status" p="xs">
          {t(tileProblem === 'offline' ? 'map.noTiles.offline' : 'map.noTiles.server')}
        </Alert>
      ) : null}
      {markers.isError ? (
        <Alert color="red" role="alert" p="xs">
          {t('map.failed')}
        </Alert>
      ) : null}
      <div ref={element} className={classes.map} role="region" aria-label={t('map.region')} data-testid="case-map" data-markers={shown?.length ?? ''} />
      {tapped?.id != null ? (
        <TappedCase
          label={t('map.case', { id: tapped.id, status: tapped.status ? t(optionKey('status', tapped.status as CaseStatus)) : '', age: tapped.ageDays === null ? '' : t('map.age.days', { days: tapped.ageDays }) })}
          picked={picked.includes(tapped.id)}
          onOpen={() => void navigate(`/dashboard/case?id=${tapped.id}`)}
          onToggle={() => {
            const id = tapped.id!;
            setPicked((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
            setTapped(null);
          }}
          onClose={() => setTapped(null)}
        />
      ) : null}
      {picked.length > 0 ? (
        <Paper withBorder p="xs" className={classes.pickedBar}>
          <Group justify="space-between" gap="xs">
            <Text fw={600} role="status" data-testid="map-picked">
              {t('map.pick.count', { count: picked.length })}
            </Text>
            <Group gap="xs">
              <Button size="md" variant="default" onClick={() => setPicked(() => [])}>
                {t('map.pick.clear')}
              </Button>
              <Button size="md" onClick={() => void navigate(`/runs/plan?cases=${picked.join(',')}`)}>
                {t('map.pick.plan')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
      <Legend />
    </Stack>
  );
}

/**
 * What a tapped case marker offers a planner: its case, and adding it to (or taking it off) the
 * run being picked. The first button takes the focus, so the panel is scrolled into view on a phone.
 */
function TappedCase({ label, picked, onOpen, onToggle, onClose }: { label: string; picked: boolean; onOpen: () => void; onToggle: () => void; onClose: () => void }) {
  const t = useT();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), [label]);
  return (
    <Paper withBorder p="sm" role="region" aria-label={t('map.pick.panel')} data-testid="map-tapped">
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb="xs">
        <Text fw={600}>{label}</Text>
        <CloseButton onClick={onClose} aria-label={t('map.pick.close')} size="lg" />
      </Group>
      <Group grow gap="xs">
        <Button ref={first} size="md" variant={picked ? 'default' : 'filled'} onClick={onToggle}>
          {t(picked ? 'map.pick.remove' : 'map.pick.add')}
        </Button>
        <Button size="md" variant={picked ? 'filled' : 'default'} onClick={onOpen}>
          {t('map.pick.open')}
        </Button>
      </Group>
    </Paper>
  );
}

/** Squares the size of a tile, outlined: the plain grid under the tiles. */
const PlainGrid = L.GridLayer.extend({
  createTile(): HTMLElement {
    const square = document.createElement('div');
    square.className = classes.gridSquare!;
    return square;
  },
}) as new (options: L.GridLayerOptions) => L.GridLayer;

/** The marker's round badge: its fill, its ring by age, and a cluster's count. */
function badgeOf(marker: MapMarker, picked: boolean): HTMLElement {
  const badge = document.createElement('span');
  badge.className = picked ? `${classes.badge} ${classes.picked}` : classes.badge!;
  badge.style.background = fillOf(marker);
  badge.style.boxShadow = `0 0 0 3px ${AGE_RING[ageBandOf(marker.ageDays)]}`;
  // A picked case is told apart by more than colour: a tick, and a dark outline round its age ring.
  badge.textContent = marker.count > 1 ? countText(marker.count) : marker.kind === 'report' ? '!' : picked ? '✓' : '';
  badge.setAttribute('aria-hidden', 'true');
  return badge;
}

function Legend() {
  const t = useT();
  const swatch = (fill: string, ring: string, label: string) => (
    <Group gap={6} wrap="nowrap" key={label}>
      <span className={classes.swatch} style={{ background: fill, boxShadow: `0 0 0 3px ${ring}` }} aria-hidden />
      <Text size="sm">{label}</Text>
    </Group>
  );
  return (
    <Group gap="md" aria-label={t('map.legend')} role="group">
      {Object.entries(STATUS_FILL).map(([status, fill]) => swatch(fill, AGE_RING.fresh, t(optionKey('status', status as CaseStatus))))}
      {swatch(REPORT_FILL, AGE_RING.fresh, t('map.legend.report'))}
      {swatch(CLUSTER_FILL, AGE_RING.fresh, t('map.legend.fresh'))}
      {swatch(CLUSTER_FILL, AGE_RING.week, t('map.legend.week'))}
      {swatch(CLUSTER_FILL, AGE_RING.old, t('map.legend.old'))}
    </Group>
  );
}
