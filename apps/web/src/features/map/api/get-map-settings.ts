import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MapSettings } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { MAP_QUERY_KEY } from './get-map-markers';

/** Where the tiles come from (MAP_TILE_URL on the server); it changes only with a restart. */
export function mapSettingsQueryOptions() {
  return queryOptions({ queryKey: [...MAP_QUERY_KEY, 'settings'], queryFn: () => api.post<MapSettings>('/map/getSettings', {}), staleTime: Infinity });
}

export function useMapSettings() {
  return useQuery(mapSettingsQueryOptions());
}
