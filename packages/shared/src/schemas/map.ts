import { z } from 'zod';
import { CASE_STATUSES, CASE_TYPES } from '../option-values';
import { apiParam, numberLike, says, wholeNumberLike } from './formats';
import { ListInputSchema } from './list';

/**
 * The map of open cases (docs/product.md#the-map): the viewport's markers, clustered on the server
 * so that the browser never receives every point. The dashboard's filters apply as they do to its
 * list; untriaged citizen reports show beside the cases.
 */

/** The deepest zoom the map offers; past it markers are single points anyway. */
export const MAP_MAX_ZOOM = 19;

/** A marker's kind: an open case (at its capture point) or an untriaged citizen report. */
export const MAP_MARKER_KINDS = ['case', 'report'] as const;
export type MapMarkerKind = (typeof MAP_MARKER_KINDS)[number];

export const MapViewInputSchema = ListInputSchema.unwrap()
  .omit({ page: true, pageSize: true })
  .extend({
    west: numberLike('map.field.viewport', { min: -180, max: 180 }),
    south: numberLike('map.field.viewport', { min: -90, max: 90 }),
    east: numberLike('map.field.viewport', { min: -180, max: 180 }),
    north: numberLike('map.field.viewport', { min: -90, max: 90 }),
    zoom: wholeNumberLike(apiParam('zoom'), { min: 0, max: MAP_MAX_ZOOM }),
    type: z.enum(['All', ...CASE_TYPES], says('validation.oneOf', apiParam('type'), { options: ['All', ...CASE_TYPES].join(', ') })).default('All'),
    status: z.preprocess((v) => (v === '' ? null : v), z.enum(CASE_STATUSES, says('validation.oneOf', 'field.statusShort', { options: CASE_STATUSES.join(', ') })).nullable()).optional(),
  })
  .refine((v) => v.south <= v.north, { ...says('map.validation.viewport', 'map.field.viewport'), path: ['north'] });
export type MapViewInput = z.infer<typeof MapViewInputSchema>;

/**
 * A marker: one point (count 1, its id and status) or a cluster (count > 1, at the mean of its
 * points). `since` is the oldest reported date (or day received) among its points; `ageDays` how
 * many days ago that was on the NGO's calendar.
 */
export const MapMarkerSchema = z.object({
  kind: z.enum(MAP_MARKER_KINDS),
  count: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  id: z.number().nullable(),
  status: z.string().nullable(),
  since: z.string().nullable(),
  ageDays: z.number().nullable(),
});
export type MapMarker = z.infer<typeof MapMarkerSchema>;

export const MapViewSchema = z.object({ markers: z.array(MapMarkerSchema) });
export type MapView = z.infer<typeof MapViewSchema>;

/** Where the map's tiles come from (MAP_TILE_URL and MAP_TILE_ATTRIBUTION on the server). */
export const MapSettingsSchema = z.object({ tileUrl: z.string(), attribution: z.string() });
export type MapSettings = z.infer<typeof MapSettingsSchema>;
