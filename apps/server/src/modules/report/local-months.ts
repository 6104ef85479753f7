/**
 * Months in a user's own calendar (docs/reports.md#dashboard-charts): the instant each month begins
 * in an IANA time zone, for bucketing creation times (stored as UTC ISO-8601) by the user's months.
 * Only Intl is used (Node has no Temporal yet); it carries the tz database, daylight saving included.
 */

const HOUR_MS = 3_600_000;

/** Reads the wall clock of one time zone; throws a RangeError for a zone Intl does not know. */
export class ZoneClock {
  private readonly format: Intl.DateTimeFormat;

  constructor(timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  /** The wall clock at `instant` (ms since the epoch), written as if it were UTC (ms), to the second. */
  wallAt(instant: number): number {
    const part: Record<string, number> = {};
    for (const p of this.format.formatToParts(instant)) if (p.type !== 'literal') part[p.type] = Number(p.value);
    return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  }

  /** The zone's offset from UTC at `instant`, in ms (IST: +5.5 h). */
  offsetAt(instant: number): number {
    return this.wallAt(instant) - Math.floor(instant / 1000) * 1000;
  }

  /** The current month on this zone's calendar, YYYY-MM. */
  monthOf(instant: number): string {
    return new Date(this.wallAt(instant)).toISOString().slice(0, 7);
  }

  /** A day (YYYY-MM-DD) and a time (HH:MM) on this zone's calendar, as ms since the epoch (see firstInstantAt). */
  instantAt(day: string, time: string): number {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const [h, min] = time.split(':').map(Number) as [number, number];
    return this.firstInstantAt(Date.UTC(y, m - 1, d, h, min));
  }

  /**
   * The first instant whose wall clock reads `wall` or later: local midnight of a day, or, where the
   * clocks skip that midnight (a few zones start daylight saving at 00:00), the moment they jump
   * past it. Where the clocks go back over midnight it is the first of the two midnights.
   */
  firstInstantAt(wall: number): number {
    // Offsets in force a day either side: the instant is `wall` minus one of them.
    const offsets = new Set([this.offsetAt(wall - 24 * HOUR_MS), this.offsetAt(wall), this.offsetAt(wall + 24 * HOUR_MS)]);
    const exact = [...offsets].map((o) => wall - o).filter((t) => this.wallAt(t) === wall);
    if (exact.length > 0) return Math.min(...exact);
    // The wall time does not exist (a gap): find the jump, the first instant whose wall clock is past it.
    let low = wall - Math.max(...offsets); // wall clock before `wall`
    let high = wall - Math.min(...offsets); // wall clock after `wall`
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (this.wallAt(middle) >= wall) high = middle;
      else low = middle;
    }
    return high;
  }
}

/** Where a user's months begin, and which UTC days hold creation times whose UTC month is not the user's. */
export interface LocalMonthBounds {
  /** The instant (UTC ISO-8601, as created_at is stored) each month begins, and then the month after the last. */
  bounds: string[];
  /**
   * The UTC days (YYYY-MM-DD) between a month's start in the zone and its start in UTC: east of UTC the
   * last day of the month before, west of it the 1st. A creation time on any other day is in the same
   * month in UTC and in the zone, since no zone is a whole day away from UTC.
   */
  days: string[];
}

/** The bounds of `months` (YYYY-MM, consecutive, oldest first) on the zone's calendar. */
export function localMonthBounds(clock: ZoneClock, months: readonly string[]): LocalMonthBounds {
  const last = months.at(-1);
  if (last === undefined) return { bounds: [], days: [] };
  const [year, month] = last.split('-').map(Number) as [number, number];
  const bounds: string[] = [];
  const days = new Set<string>();
  for (const m of [...months, new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 7)]) {
    const [y, n] = m.split('-').map(Number) as [number, number];
    const utcStart = Date.UTC(y, n - 1, 1);
    const start = clock.firstInstantAt(utcStart);
    bounds.push(new Date(start).toISOString());
    if (start !== utcStart) days.add(new Date(Math.min(start, utcStart)).toISOString().slice(0, 10));
  }
  return { bounds, days: [...days].sort() };
}
