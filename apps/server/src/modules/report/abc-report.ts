import {
  ABC_COUNT_COLUMNS,
  UNFIT_REASON_COLUMN,
  UNFIT_REASONS,
  type AbcCountColumn,
  type AbcReportRow,
} from '@rescuedesk/shared';

/**
 * The monthly ABC report's definitions (docs/reports.md), in one place: which of a case's fields
 * count it in which column, and which of its dates places it in the month. The repository hands in
 * the NGO's live Sterilization cases of dogs that have at least one of those dates in the month.
 */

/** What the report reads of a case. Dates are local dates as stored (YYYY-MM-DD). */
export interface AbcCase {
  id: number;
  ngo_id: number;
  ward_zone: string | null;
  animal_gender: string | null;
  animal_age: string | null;
  capture_date: string | null;
  fit_for_surgery: string | null;
  unfit_reason: string | null;
  operation_date: string | null;
  surgery_cancelled: string | null;
  release_date: string | null;
  release_flagged: number;
  death_date: string | null;
  death_timing: string | null;
  vaccination_date: string | null;
}

/** A calendar month as the first day and the first day of the next month, both YYYY-MM-DD. */
export interface MonthRange {
  from: string;
  to: string;
}

export function monthRange(month: string): MonthRange {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

const PUP_AGE = '0-1 Yrs';

const within = (date: string | null, month: MonthRange): boolean => date !== null && date >= month.from && date < month.to;

/** Unfit and sent back: not fit for surgery, released in the month (docs/reports.md#found-unfit-and-returned). */
const returnedUnfit = (c: AbcCase, month: MonthRange) => c.fit_for_surgery === 'No' && within(c.release_date, month);

/** Released in the month after the programme's work: every release but the unfit dogs' return. */
const releasedInMonth = (c: AbcCase, month: MonthRange) => within(c.release_date, month) && c.fit_for_surgery !== 'No';

/** The surgery's month: its operation date, or the capture date when no operation date was recorded. */
const cancelledInMonth = (c: AbcCase, month: MonthRange) => c.surgery_cancelled === 'Yes' && within(c.operation_date ?? c.capture_date, month);

/** Operated in the month: an operation date in it, surgery not cancelled. */
export const operatedInMonth = (c: AbcCase, month: MonthRange) => within(c.operation_date, month) && c.surgery_cancelled !== 'Yes';

/** Before or after surgery as recorded; unrecorded, after when an operation date on or before the death is known. */
function diedAfterSurgery(c: AbcCase): boolean {
  if (c.death_timing === 'After surgery') return true;
  if (c.death_timing === 'Before surgery') return false;
  return c.operation_date !== null && c.death_date !== null && c.operation_date <= c.death_date;
}

/** Whole days between two local dates. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A row's running tally: the counts and the days to release behind its median. */
export interface Tally {
  counts: Record<AbcCountColumn, number>;
  daysToRelease: number[];
}

export function emptyTally(): Tally {
  return { counts: Object.fromEntries(ABC_COUNT_COLUMNS.map((c) => [c, 0])) as Record<AbcCountColumn, number>, daysToRelease: [] };
}

/** Adds one case to a tally: each column it belongs to in this month, once. */
export function countCase(tally: Tally, c: AbcCase, month: MonthRange): void {
  const n = tally.counts;
  if (within(c.capture_date, month)) {
    n.capturedTotal++;
    if (c.animal_age === PUP_AGE) n.capturedPups++;
    else if (c.animal_gender === 'Male') n.capturedMale++;
    else if (c.animal_gender === 'Female') n.capturedFemale++;
  }
  if (returnedUnfit(c, month)) {
    n.unfitTotal++;
    const reason = UNFIT_REASONS.find((r) => r === c.unfit_reason) ?? 'Other';
    n[UNFIT_REASON_COLUMN[reason]]++;
  }
  if (operatedInMonth(c, month)) {
    n.operatedTotal++;
    if (c.animal_gender === 'Male') n.operatedMale++;
    else if (c.animal_gender === 'Female') n.operatedFemale++;
  }
  if (cancelledInMonth(c, month)) n.surgeriesCancelled++;
  if (within(c.death_date, month)) {
    if (diedAfterSurgery(c)) n.deathsAfterSurgery++;
    else n.deathsBeforeSurgery++;
  }
  if (releasedInMonth(c, month)) {
    n.released++;
    if (c.release_flagged === 1) n.releasedFlagged++;
    if (c.capture_date !== null && c.release_date !== null) tally.daysToRelease.push(daysBetween(c.capture_date, c.release_date));
  }
  if (within(c.vaccination_date, month)) n.vaccinated++;
}

export function rowOf(label: string | null, tally: Tally): AbcReportRow {
  return { label, ...tally.counts, medianDaysToRelease: median(tally.daysToRelease) };
}

/** How wards are told apart: spaces at the ends and letter case do not make another ward. */
export function wardKey(ward: string | null): string {
  return (ward ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Rows of a report: one per group (a ward, or an NGO), labelled with the spelling most of its cases
 * use, in label order with cases without a ward last; and the total of them all.
 */
export function tallyRows(cases: Iterable<AbcCase>, month: MonthRange, groupOf: (c: AbcCase) => { key: string; label: string | null }): { rows: AbcReportRow[]; total: AbcReportRow } {
  const groups = new Map<string, { tally: Tally; labels: Map<string | null, number> }>();
  const total = emptyTally();
  for (const c of cases) {
    const { key, label } = groupOf(c);
    let group = groups.get(key);
    if (!group) {
      group = { tally: emptyTally(), labels: new Map() };
      groups.set(key, group);
    }
    group.labels.set(label, (group.labels.get(label) ?? 0) + 1);
    countCase(group.tally, c, month);
    countCase(total, c, month);
  }
  const rows = [...groups.entries()].map(([key, group]) => {
    const label = key === '' ? null : [...group.labels.entries()].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])))[0]![0];
    return rowOf(label, group.tally);
  });
  rows.sort((a, b) => (a.label === null ? 1 : b.label === null ? -1 : a.label.localeCompare(b.label, 'en', { numeric: true, sensitivity: 'base' })));
  return { rows, total: rowOf(null, total) };
}
