import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MapView, MapViewInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

export const MAP_QUERY_KEY = ['map'] as const;

/** The viewport's markers, grouped by the server for the zoom (docs/product.md#the-map). */
export function getMapMarkers(params: MapViewInput): Promise<MapView> {
  return api.post<MapView>('/map/getMarkers', params);
}

export function mapMarkersQueryOptions(params: MapViewInput | null) {
  return queryOptions({
    queryKey: [...MAP_QUERY_KEY, 'markers', params],
    queryFn: () => getMapMarkers(params!),
    enabled: params !== null,
    // Panning keeps the markers shown until the new ones come.
    placeholderData: keepPreviousData,
  });
}

export function useMapMarkers(params: MapViewInput | null) {
  return useQuery(mapMarkersQueryOptions(params));
}
