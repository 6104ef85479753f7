import { can, tr, type Complaint, type ComplaintOutcome, type ComplaintRegister, type ComplaintRegisterInput, type MessageKey, type PickupTimes, type PickupTimesInput } from '@rescuedesk/shared';
import { quantileSorted } from 'simple-statistics';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { Actor } from '../../lib/actor';
import { listScope } from '../../lib/tenancy';
import type { AuditRepository } from '../audit/audit.repository';
import type { NgoRepository } from '../ngo/ngo.repository';
import { csvHeader, csvRows, type CsvColumn } from '../report/csv';
import { auditExport } from '../report/export.service';
import { ZoneClock, localMonthBounds } from '../report/local-months';
import type { CaseProgress, ComplaintRegisterRepository, PhoneComplaintRow, PublicComplaintRow } from './complaint-register.repository';

type Repos = { register: ComplaintRegisterRepository; ngos: NgoRepository; audit: AuditRepository };

const MINUTE_MS = 60_000;

/**
 * The complaint register (docs/citizen-reports.md#the-complaint-register): each complaint of a month
 * on the NGO's calendar, its outcome, and how long the NGO took to answer it and to pick the animal
 * up. The reporter's name and the place are personal data: only roles that export personal data get
 * them (docs/privacy.md).
 */
export class ComplaintRegisterService {
  private readonly clock: ZoneClock;

  constructor(
    private readonly uow: UnitOfWork<Repos>,
    /** The NGOs' calendar (config TIME_ZONE). */
    timeZone: string,
    private readonly now: () => number = Date.now,
  ) {
    this.clock = new ZoneClock(timeZone);
  }

  async register(actor: Actor, input: ComplaintRegisterInput): Promise<ComplaintRegister> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const { bounds } = localMonthBounds(this.clock, [input.month]);
    const [from, to] = bounds as [string, string];
    const [fromDay, toDay] = [`${input.month}-01`, `${nextMonth(input.month)}-01`];
    const personal = can(actor.role, 'export.personal');
    const [reports, calls] = await Promise.all([this.uow.repos.register.publicReports(scope, from, to), this.uow.repos.register.phoneComplaints(scope, fromDay, toDay)]);
    const all = [...reports.map((row) => this.fromReport(row)), ...calls.map((row) => this.fromCall(row))]
      .map((complaint) => (personal ? complaint : { ...complaint, reporterName: null, place: null }))
      .sort((a, b) => a.receivedAt.localeCompare(b.receivedAt) || (a.caseId ?? 0) - (b.caseId ?? 0));
    const rows = all.filter((c) => (input.source === undefined || c.source === input.source) && (input.outcome === undefined || c.outcome === input.outcome));
    return {
      month: input.month,
      rows,
      summary: {
        total: rows.length,
        public: rows.filter((c) => c.source === 'public').length,
        phone: rows.filter((c) => c.source === 'phone').length,
        answered: rows.filter((c) => c.answeredAt !== null).length,
        declined: rows.filter((c) => c.outcome === 'declined').length,
        pickedUp: rows.filter((c) => c.pickedUpOn !== null).length,
        pickup: pickupTimes(input.month, rows),
      },
    };
  }

  /** This month's report-to-pickup times, for the dashboard. */
  async pickupTimes(actor: Actor, input: PickupTimesInput): Promise<PickupTimes> {
    const month = this.clock.monthOf(this.now());
    return (await this.register(actor, { month, ...(input.ngoId === undefined ? {} : { ngoId: input.ngoId }) })).summary.pickup;
  }

  /** The register as CSV, headings in the reader's language; in the audit log before its first byte. */
  async registerCsv(actor: Actor, input: ComplaintRegisterInput): Promise<{ fileName: string; rows: number; body: AsyncIterable<string> }> {
    const register = await this.register(actor, input);
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    await auditExport(this.uow.repos.audit, actor, scope, 'complaintRegister', register.rows.length, { month: input.month, source: input.source, outcome: input.outcome });
    const local = (iso: string | null) => (iso === null ? '' : localText(this.clock, iso));
    const columns: CsvColumn<Complaint>[] = [
      { header: tr('citizen.register.received'), value: (c) => local(c.receivedAt) },
      { header: tr('citizen.register.source'), value: (c) => tr(`citizen.register.source.${c.source}`) },
      { header: tr('citizen.register.code'), value: (c) => c.code ?? '' },
      { header: tr('citizen.register.case'), value: (c) => c.caseId ?? '' },
      { header: tr('citizen.register.animal'), value: (c) => c.animal ?? '' },
      { header: tr('citizen.register.condition'), value: (c) => c.condition ?? '' },
      { header: tr('citizen.register.place'), value: (c) => c.place ?? '' },
      { header: tr('citizen.register.pincode'), value: (c) => c.pincode ?? '' },
      { header: tr('citizen.register.reporter'), value: (c) => c.reporterName ?? '' },
      { header: tr('citizen.register.answered'), value: (c) => local(c.answeredAt) },
      { header: tr('citizen.register.pickedUp'), value: (c) => (c.pickedUpAt ? local(c.pickedUpAt) : (c.pickedUpOn ?? '')) },
      { header: tr('citizen.register.outcome'), value: (c) => tr(outcomeKey(c.outcome)) },
      { header: tr('citizen.register.declineReason'), value: (c) => c.declineReason ?? '' },
      { header: tr('citizen.register.minutesToAnswer'), value: (c) => c.minutesToAnswer ?? '' },
      { header: tr('citizen.register.minutesToPickup'), value: (c) => c.minutesToPickup ?? '' },
    ];
    const text = csvHeader(columns) + csvRows(columns, register.rows);
    return {
      fileName: `${tr('citizen.register.fileName')}-${input.month}.csv`,
      rows: register.rows.length,
      body: (async function* () {
        yield text;
      })(),
    };
  }

  private fromReport(row: PublicComplaintRow): Complaint {
    const pickedUpAt = this.instantOf(row.pickup_date, row.pickup_time);
    return {
      source: 'public',
      reportId: row.id,
      code: row.code,
      caseId: row.case_id,
      ngoId: row.ngo_id,
      receivedAt: row.created_at,
      answeredAt: row.decided_at,
      pickedUpOn: row.pickup_date,
      pickedUpAt,
      outcome: row.status === 'new' ? 'waiting' : row.status === 'declined' ? 'declined' : progressOf(row),
      declineReason: row.decline_reason,
      animal: row.animal_type,
      condition: tr(`citizen.condition.${row.condition}` as MessageKey),
      place: row.address,
      pincode: row.pincode,
      reporterName: row.reporter_name,
      minutesToAnswer: minutesBetween(row.created_at, row.decided_at),
      minutesToPickup: minutesBetween(row.created_at, pickedUpAt),
    };
  }

  private fromCall(row: PhoneComplaintRow): Complaint {
    // The call as typed in: its reported day and time, or the moment the case was logged.
    const receivedAt = this.instantOf(row.reported_date, row.reported_time) ?? row.created_at;
    const pickedUpAt = this.instantOf(row.pickup_date, row.pickup_time);
    return {
      source: 'phone',
      reportId: null,
      code: null,
      caseId: row.case_id,
      ngoId: row.ngo_id,
      receivedAt,
      // Taking the call is answering it, even when the case was typed in later.
      answeredAt: receivedAt,
      pickedUpOn: row.pickup_date,
      pickedUpAt,
      outcome: progressOf(row),
      declineReason: null,
      animal: row.animal_species,
      condition: row.admission_reason,
      place: row.location,
      pincode: row.pincode,
      reporterName: row.reporter_name,
      minutesToAnswer: 0,
      minutesToPickup: minutesBetween(receivedAt, pickedUpAt),
    };
  }

  /** A day and a time on the NGOs' calendar as the instant (UTC ISO-8601); null without both. */
  private instantOf(day: string | null, time: string | null): string | null {
    if (!day || !time) return null;
    const at = this.clock.instantAt(day, time);
    return Number.isFinite(at) ? new Date(at).toISOString() : null;
  }
}

/** How far the complaint's case has gone. */
function progressOf(row: CaseProgress): ComplaintOutcome {
  if (row.death_date) return 'died';
  if (row.release_date) return 'released';
  if (row.pickup_date) return 'pickedUp';
  return 'accepted';
}

export function outcomeKey(outcome: ComplaintOutcome): MessageKey {
  return `citizen.register.outcome.${outcome}` as MessageKey;
}

function minutesBetween(from: string, to: string | null): number | null {
  if (to === null) return null;
  const minutes = Math.round((Date.parse(to) - Date.parse(from)) / MINUTE_MS);
  // A pickup typed before the report came in is a typing slip: it counts in no figure.
  return Number.isFinite(minutes) && minutes >= 0 ? minutes : null;
}

/** The median and 90th percentile of report-to-pickup, over the complaints with both times. */
export function pickupTimes(month: string, rows: readonly Complaint[]): PickupTimes {
  const minutes = rows.map((c) => c.minutesToPickup).filter((m): m is number => m !== null).sort((a, b) => a - b);
  if (minutes.length === 0) return { month, timed: 0, medianMinutes: null, p90Minutes: null };
  return { month, timed: minutes.length, medianMinutes: Math.round(quantileSorted(minutes, 0.5)), p90Minutes: Math.round(quantileSorted(minutes, 0.9)) };
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
}

/** An instant as the NGO's wall clock, "YYYY-MM-DD HH:MM". */
function localText(clock: ZoneClock, iso: string): string {
  return new Date(clock.wallAt(Date.parse(iso))).toISOString().slice(0, 16).replace('T', ' ');
}
