import { DUPLICATE_RADIUS_M, DUPLICATE_WINDOW_HOURS, MAX_DUPLICATE_SUGGESTIONS, haversineMetres, tr, type CaseDuplicatesInput, type DuplicateSuggestion, type ReportDuplicatesInput } from '@rescuedesk/shared';
import type { UnitOfWork } from '../../db/unit-of-work';
import { NotFoundError, ValidationError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { parseList } from '../../lib/json-list';
import { recordScope } from '../../lib/tenancy';
import { hashDistance } from '../image/image-processing';
import type { NgoRepository } from '../ngo/ngo.repository';
import { ZoneClock } from '../report/local-months';
import type { Box, DuplicateRepository } from './duplicate.repository';

type Repos = { duplicates: DuplicateRepository; ngos: NgoRepository };

const HOUR_MS = 3_600_000;
const METRES_PER_DEGREE = 111_195;
/** Photo hashes this many bits apart or more are unrelated pictures: likeness 0. */
const UNRELATED_BITS = 32;

/** What a suggestion is compared with. */
interface Subject {
  ngoId: number;
  lat: number;
  lon: number;
  animal: string | null;
  /** When it came in, ms since the epoch. */
  at: number;
  photos: readonly string[];
}

interface Candidate {
  kind: DuplicateSuggestion['kind'];
  id: number;
  code: string | null;
  animal: string | null;
  place: string | null;
  at: number;
  lat: number;
  lon: number;
  photos: readonly string[];
}

/**
 * Duplicate suggestions (docs/citizen-reports.md#duplicate-suggestions): for a report being triaged,
 * or a case being added, the open cases and untriaged reports of the same NGO and kind of animal
 * within DUPLICATE_RADIUS_M and DUPLICATE_WINDOW_HOURS, ranked by nearness in place and time and by
 * how alike the photos are (perceptual hashes worked out when each photo was kept).
 */
export class DuplicateService {
  private readonly clock: ZoneClock;

  constructor(
    private readonly uow: UnitOfWork<Repos>,
    timeZone: string,
    private readonly now: () => number = Date.now,
  ) {
    this.clock = new ZoneClock(timeZone);
  }

  async forReport(actor: Actor, input: ReportDuplicatesInput): Promise<DuplicateSuggestion[]> {
    const report = await this.uow.repos.duplicates.reportInScope(recordScope(actor), input.reportId);
    if (!report) throw new NotFoundError(tr('citizen.error.reportNotFound'));
    // A report placed by its address alone has no point to measure from.
    if (report.latitude === null || report.longitude === null) return [];
    return this.suggest({ ngoId: report.ngo_id, lat: report.latitude, lon: report.longitude, animal: report.animal_type, at: Date.parse(report.created_at), photos: parseList(report.photos) }, { reportId: report.id });
  }

  async forCase(actor: Actor, input: CaseDuplicatesInput): Promise<DuplicateSuggestion[]> {
    const ngoId = await this.caseNgo(actor, input);
    const at = input.reportedDate ? this.clock.instantAt(input.reportedDate, input.reportedTime ?? '12:00') : this.now();
    return this.suggest({ ngoId, lat: input.latitude, lon: input.longitude, animal: input.animalSpecies ?? null, at, photos: input.pictures ?? [] }, { caseId: input.caseId });
  }

  private async caseNgo(actor: Actor, input: CaseDuplicatesInput): Promise<number> {
    const scope = recordScope(actor);
    if (input.caseId !== undefined) {
      const ngoId = await this.uow.repos.duplicates.caseNgoInScope(scope, input.caseId);
      if (ngoId === undefined) throw new NotFoundError(tr('error.caseNotFound'));
      return ngoId;
    }
    if (actor.role !== 'Admin') {
      if (input.ngoId !== undefined && input.ngoId !== actor.ngoId) throw new NotFoundError();
      if (actor.ngoId === null) throw new NotFoundError();
      return actor.ngoId;
    }
    if (input.ngoId === undefined) throw new ValidationError(tr('validation.ngoRequired'));
    if (!(await this.uow.repos.ngos.exists(input.ngoId))) throw new NotFoundError();
    return input.ngoId;
  }

  private async suggest(subject: Subject, exclude: { caseId?: number | undefined; reportId?: number }): Promise<DuplicateSuggestion[]> {
    const { duplicates } = this.uow.repos;
    const box = boxAround(subject.lat, subject.lon, DUPLICATE_RADIUS_M);
    const window = DUPLICATE_WINDOW_HOURS * HOUR_MS;
    const [cases, reports] = await Promise.all([
      duplicates.openCasesIn(subject.ngoId, box, exclude.caseId),
      duplicates.newReportsIn(subject.ngoId, box, new Date(subject.at - window).toISOString(), new Date(subject.at + window).toISOString(), exclude.reportId),
    ]);
    const candidates: Candidate[] = [
      ...cases.map((row) => ({
        kind: 'case' as const,
        id: row.id,
        code: null,
        animal: row.animal_species,
        place: row.location,
        at: row.reported_date ? this.clock.instantAt(row.reported_date, row.reported_time ?? '12:00') : Date.parse(row.created_at),
        lat: row.capture_latitude!,
        lon: row.capture_longitude!,
        photos: parseList(row.animal_pictures),
      })),
      ...reports.map((row) => ({ kind: 'report' as const, id: row.id, code: row.code, animal: row.animal_type, place: row.address, at: Date.parse(row.created_at), lat: row.latitude!, lon: row.longitude!, photos: parseList(row.photos) })),
    ].filter((c) => sameAnimal(subject.animal, c.animal) && Math.abs(c.at - subject.at) <= window);

    const hashes = await duplicates.photoHashes(subject.ngoId, [...subject.photos, ...candidates.flatMap((c) => c.photos)]);
    const mine = subject.photos.map((name) => hashes.get(name)).filter((h): h is string => h !== undefined);
    const suggestions: DuplicateSuggestion[] = [];
    for (const candidate of candidates) {
      const distanceM = Math.round(haversineMetres(subject, candidate));
      if (distanceM > DUPLICATE_RADIUS_M) continue;
      const hoursApart = Math.round((Math.abs(candidate.at - subject.at) / HOUR_MS) * 10) / 10;
      const theirs = candidate.photos.map((name) => hashes.get(name)).filter((h): h is string => h !== undefined);
      const photoLikeness = likeness(mine, theirs);
      suggestions.push({
        kind: candidate.kind,
        id: candidate.id,
        code: candidate.code,
        animal: candidate.animal,
        place: candidate.place,
        receivedAt: new Date(candidate.at).toISOString(),
        distanceM,
        hoursApart,
        photoLikeness,
        score: scoreOf(distanceM, hoursApart, photoLikeness),
      });
    }
    return suggestions.sort((a, b) => b.score - a.score || a.distanceM - b.distanceM).slice(0, MAX_DUPLICATE_SUGGESTIONS);
  }
}

/** The same kind of animal, or one side not said (a case whose animal step is not saved yet). */
function sameAnimal(a: string | null, b: string | null): boolean {
  return a === null || b === null || a === b;
}

function boxAround(lat: number, lon: number, metres: number): Box {
  const dLat = metres / METRES_PER_DEGREE;
  const dLon = metres / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return { south: lat - dLat, north: lat + dLat, west: lon - dLon, east: lon + dLon };
}

/** How alike the likeliest pair of photos is, 0 to 100; null when either side has none to compare. */
export function likeness(mine: readonly string[], theirs: readonly string[]): number | null {
  if (mine.length === 0 || theirs.length === 0) return null;
  const fewest = Math.min(...mine.flatMap((a) => theirs.map((b) => hashDistance(a, b))));
  return Math.round(Math.max(0, 1 - fewest / UNRELATED_BITS) * 100);
}

/**
 * 0 to 100: nearness in place and in time count alike; photo likeness, when both sides have photos,
 * counts as much as both together (a photo of the same dog says more than being close by).
 */
export function scoreOf(distanceM: number, hoursApart: number, photoLikeness: number | null): number {
  const place = 1 - distanceM / DUPLICATE_RADIUS_M;
  const time = 1 - hoursApart / DUPLICATE_WINDOW_HOURS;
  const near = (place + time) / 2;
  const score = photoLikeness === null ? near : (near + photoLikeness / 100) / 2;
  return Math.round(Math.max(0, score) * 100);
}
