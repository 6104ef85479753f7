import type { Kysely } from 'kysely';
import type { CitizenReportRow, DB } from '../../db/schema';
import { scopedTo, type NgoScope } from '../../db/scope';

/** A box around a point, in degrees: the cheap first cut before distances are worked out. */
export interface Box {
  south: number;
  north: number;
  west: number;
  east: number;
}

export interface OpenCaseRow {
  id: number;
  animal_species: string | null;
  location: string | null;
  reported_date: string | null;
  reported_time: string | null;
  created_at: string;
  capture_latitude: number | null;
  capture_longitude: number | null;
  animal_pictures: string;
}

export interface NewReportRow {
  id: number;
  code: string;
  animal_type: string;
  address: string | null;
  created_at: string;
  latitude: number | null;
  longitude: number | null;
  photos: string;
}

/**
 * What duplicate suggestions read, always within one NGO: its open cases and its untriaged reports
 * whose point lies in a box, and the perceptual hashes of named photos.
 */
export class DuplicateRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** A report the actor may triage. */
  async reportInScope(scope: NgoScope, id: number): Promise<CitizenReportRow | undefined> {
    return scopedTo(this.db.selectFrom('citizen_reports').selectAll().where('id', '=', id), scope).executeTakeFirst();
  }

  /** The NGO of a live case the actor may see. */
  async caseNgoInScope(scope: NgoScope, id: number): Promise<number | undefined> {
    const row = await scopedTo(this.db.selectFrom('cases').select('ngo_id').where('id', '=', id).where('deleted_at', 'is', null), scope).executeTakeFirst();
    return row?.ngo_id;
  }

  /** Cases still open (not released, not dead, not deleted) with a capture point in the box. */
  async openCasesIn(ngoId: number, box: Box, excludeCaseId: number | undefined): Promise<OpenCaseRow[]> {
    let query = this.db
      .selectFrom('cases')
      .select(['id', 'animal_species', 'location', 'reported_date', 'reported_time', 'created_at', 'capture_latitude', 'capture_longitude', 'animal_pictures'])
      .where('ngo_id', '=', ngoId)
      .where('deleted_at', 'is', null)
      .where('release_date', 'is', null)
      .where('death_date', 'is', null)
      .where('status', '<>', 'Released')
      .where('capture_latitude', '>=', box.south)
      .where('capture_latitude', '<=', box.north)
      .where('capture_longitude', '>=', box.west)
      .where('capture_longitude', '<=', box.east);
    if (excludeCaseId !== undefined) query = query.where('id', '<>', excludeCaseId);
    return query.orderBy('id').limit(200).execute();
  }

  /** Reports not triaged yet, sent within [from, to], with a point in the box. */
  async newReportsIn(ngoId: number, box: Box, from: string, to: string, excludeReportId: number | undefined): Promise<NewReportRow[]> {
    let query = this.db
      .selectFrom('citizen_reports')
      .select(['id', 'code', 'animal_type', 'address', 'created_at', 'latitude', 'longitude', 'photos'])
      .where('ngo_id', '=', ngoId)
      .where('status', '=', 'new')
      .where('created_at', '>=', from)
      .where('created_at', '<=', to)
      .where('latitude', '>=', box.south)
      .where('latitude', '<=', box.north)
      .where('longitude', '>=', box.west)
      .where('longitude', '<=', box.east);
    if (excludeReportId !== undefined) query = query.where('id', '<>', excludeReportId);
    return query.orderBy('id').limit(200).execute();
  }

  /** The hashes of the NGO's photos named, by file name (photos without one are left out). */
  async photoHashes(ngoId: number, fileNames: readonly string[]): Promise<Map<string, string>> {
    if (fileNames.length === 0) return new Map();
    const rows = await this.db.selectFrom('images').select(['file_name', 'phash']).where('ngo_id', '=', ngoId).where('file_name', 'in', [...new Set(fileNames)]).where('phash', 'is not', null).execute();
    return new Map(rows.map((row) => [row.file_name, row.phash!]));
  }
}
