import { lazy, Suspense } from 'react';
import { Alert, Text } from '@mantine/core';
import type { MapViewInput } from '@rescuedesk/shared';
import { useT } from '../../../lib/i18n/use-t';
import { useMapSettings } from '../api/get-map-settings';

function MapNotFetched() {
  const t = useT();
  return (
    <Alert color="red" role="alert">
      {t('map.notFetched')}
    </Alert>
  );
}

// Leaflet and the map come in their own chunk, fetched only when the map is shown: the dashboard's
// first screen (the list) does not wait for them.
const CaseMap = lazy(() => import('./case-map').catch(() => ({ default: MapNotFetched })));

/** The dashboard's map view (docs/product.md#the-map), with the list's type tab and search; a planner picks cases for a run on it. */
export function CaseMapSlot({ type, search, canPlan = false }: { type: MapViewInput['type']; search: string | undefined; canPlan?: boolean }) {
  const t = useT();
  const settings = useMapSettings();
  const loading = <Text c="dimmed">{t('map.loading')}</Text>;
  if (settings.isError) return <MapNotFetched />;
  if (!settings.data) return loading;
  return (
    <Suspense fallback={loading}>
      <CaseMap settings={settings.data} type={type} search={search} canPlan={canPlan} />
    </Suspense>
  );
}
