import { can, type MapMarker, type MapMarkerKind, type MapSettings, type MapView, type MapViewInput, wallClockAt } from '@rescuedesk/shared';
import { ForbiddenError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { listScope, type NgoLookup } from '../../lib/tenancy';
import type { GridCell, MapRepository, Viewport } from './map.repository';

/** Grid squares per 256-pixel tile side: a square is 64 pixels on the screen, a marker's room. */
const SQUARES_PER_TILE = 4;
/** At most this many squares along a side of the viewport, however large the area asked. */
const MAX_SQUARES_PER_SIDE = 64;
/** From this zoom (a street or two on a phone) points come one by one: nothing left to group. */
export const POINTS_ZOOM = 17;

const DAY_MS = 86_400_000;

/**
 * The map of open cases (docs/product.md#the-map): the viewport's markers for the dashboard's
 * filters, grouped on the server, and where the tiles come from.
 */
export class MapService {
  constructor(
    private readonly repo: MapRepository,
    private readonly ngos: NgoLookup,
    private readonly settings: MapSettings,
    private readonly timeZone: string,
    private readonly now: () => number = Date.now,
  ) {}

  tileSettings(actor: Actor): MapSettings {
    if (!can(actor.role, 'case.read')) throw new ForbiddenError();
    return this.settings;
  }

  async view(actor: Actor, input: MapViewInput): Promise<MapView> {
    if (!can(actor.role, 'case.read')) throw new ForbiddenError();
    const scope = await listScope(actor, input, this.ngos);
    const view: Viewport = { west: input.west, south: input.south, east: input.east, north: input.north };
    const level = squareLevel(view, input.zoom);
    const search = input.search?.trim() || undefined;
    const caseCells = await this.repo.caseCells({ scope, type: input.type === 'All' ? undefined : input.type, status: input.status, search }, view, level);
    // A report has no type or case status yet: a filter by either leaves reports off the map.
    const showReports = can(actor.role, 'intake.triage') && input.type === 'All' && !input.status;
    const reportCells = showReports ? await this.repo.reportCells(scope, search, view, level) : [];
    const today = this.dayOf(new Date(this.now()).toISOString());
    return { markers: [...caseCells.map((c) => this.markerOf('case', c, today)), ...reportCells.map((c) => this.markerOf('report', c, today))] };
  }

  private markerOf(kind: MapMarkerKind, cell: GridCell, today: string): MapMarker {
    const since = cell.since === null ? null : this.dayOf(cell.since);
    const ageDays = since === null ? null : Math.max(0, Math.round((Date.parse(today) - Date.parse(since)) / DAY_MS));
    return { kind, count: cell.count, latitude: cell.latitude, longitude: cell.longitude, id: cell.id, status: cell.status, since, ageDays };
  }

  /** A stored date as it is, or a stored moment as its day on the NGO calendar (docs/decisions/021). */
  private dayOf(value: string): string {
    return value.length <= 10 ? value : wallClockAt(Date.parse(value), this.timeZone).date;
  }
}

/**
 * The zoom whose squares group the view (a square is 360 / 2^level / SQUARES_PER_TILE degrees,
 * on a grid fixed to the world, so that panning keeps the groups), or null: no grouping. A
 * viewport wider than MAX_SQUARES_PER_SIDE squares takes a coarser zoom's squares, so no request
 * can ask for more markers than that.
 */
export function squareLevel(view: Viewport, zoom: number): number | null {
  if (zoom >= POINTS_ZOOM && (view.east - view.west) * 2 ** zoom <= 360 * 8 && (view.north - view.south) * 2 ** zoom <= 360 * 8) return null;
  let z = Math.min(zoom, POINTS_ZOOM);
  const sizeAt = (level: number) => 360 / 2 ** level / SQUARES_PER_TILE;
  while (z > 0 && Math.max(view.east - view.west, view.north - view.south) / sizeAt(z) > MAX_SQUARES_PER_SIDE) z -= 1;
  return z;
}
