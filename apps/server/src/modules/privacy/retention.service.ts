import { maskEmail, maskPhone, type RetentionCounts, type RetentionInput, type RetentionPreview, type RetentionRecord, type RetentionRun, type RetentionRunResult } from '@rescuedesk/shared';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { Actor } from '../../lib/actor';
import { creationNgo } from '../../lib/tenancy';
import { redactionStamp, type AuditActor, type AuditRepository } from '../audit/audit.repository';
import type { NgoRepository } from '../ngo/ngo.repository';
import { digitsOf } from '../reporter/reporter.service';
import { ZoneClock } from '../report/local-months';
import type { IdentityImageRepository } from './identity-images.repository';
import type { ReportCommentRepository } from './report-comments.repository';
import { emptyReporterTraces, type ImageFileRemover } from './reporter-traces';
import { type JobRunRow, PREVIEW_ROWS, RETENTION_JOB, type RetentionRepository } from './retention.repository';

type Repos = { retention: RetentionRepository; ngos: NgoRepository; audit: AuditRepository; identity: IdentityImageRepository; comments: ReportCommentRepository };

/** A name shown in part on the preview: its first letter. */
function maskName(name: string | null): string | null {
  return name ? `${name.slice(0, 1)}${'x'.repeat(Math.max(name.length - 1, 0))}` : null;
}

/**
 * Anonymises reporters' personal data once an NGO's retention period after a case closes has
 * passed (docs/privacy.md#how-long), and previews what the next run would change. The daily run
 * for an NGO is claimed in `job_runs` inside the run's own transaction, so with several server
 * instances each NGO's day runs once, and each record is emptied once.
 */
export class RetentionService {
  private readonly clock: ZoneClock;

  constructor(
    private readonly uow: UnitOfWork<Repos>,
    /** The NGOs' time zone: a run's day and the cutoff are days of their calendar. */
    timeZone: string,
    /** Removes the identity documents' files after a run's commit. */
    private readonly files: ImageFileRemover,
  ) {
    this.clock = new ZoneClock(timeZone);
  }

  /** The day of `now` on the NGOs' calendar (YYYY-MM-DD). */
  dayOf(now: Date): string {
    return new Date(this.clock.wallAt(now.getTime())).toISOString().slice(0, 10);
  }

  /** The first instant of the day `months` before `now`'s day on the NGOs' calendar (the 31st of a shorter month is its last day). */
  cutoffOf(now: Date, months: number): string {
    const wall = new Date(this.clock.wallAt(now.getTime()));
    const year = wall.getUTCFullYear();
    const month = wall.getUTCMonth() - months;
    const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return new Date(this.clock.firstInstantAt(Date.UTC(year, month, Math.min(wall.getUTCDate(), lastDay)))).toISOString();
  }

  /** What the next run would anonymise for the actor's NGO (an Admin names one), masked. */
  async preview(actor: Actor, input: RetentionInput, now = new Date()): Promise<RetentionPreview> {
    const { retention, ngos } = this.uow.repos;
    const ngoId = await creationNgo(actor, input, ngos);
    const months = (await retention.months(ngoId)) ?? 0;
    const cutoff = this.cutoffOf(now, months);
    const cases = await retention.expiredCases(ngoId, cutoff);
    const reports = await retention.expiredReports(ngoId, cutoff);
    const reporters = await this.expiredReporters(retention, ngoId, cutoff, true);
    const records: RetentionRecord[] = [
      ...cases.rows.map((r) => ({ kind: 'case' as const, id: r.id, label: `#${r.id}`, name: maskName(r.reporter_name), phone: r.reporter_contact && maskPhone(r.reporter_contact), email: r.reporter_email && maskEmail(r.reporter_email) })),
      ...reports.rows.map((r) => ({ kind: 'citizenReport' as const, id: r.id, label: r.code, name: maskName(r.reporter_name), phone: maskPhone(r.reporter_phone), email: null })),
      ...reporters.slice(0, PREVIEW_ROWS).map((r) => ({ kind: 'reporter' as const, id: r.id, label: `#${r.id}`, name: maskName(r.name), phone: maskPhone(r.contact), email: r.email && maskEmail(r.email) })),
    ];
    const last = await retention.lastRun(ngoId);
    return {
      ngoId,
      months,
      cutoff,
      cutoffDay: this.dayOf(new Date(cutoff)),
      counts: { cases: cases.total, reporters: reporters.length, citizenReports: reports.total },
      records,
      lastRun: last ? runOf(last) : null,
    };
  }

  /** "Run now" from the retention screen: today's run for the actor's NGO, unless it ran today already. */
  async runNow(actor: Actor, input: RetentionInput, now = new Date()): Promise<RetentionRunResult> {
    const ngoId = await creationNgo(actor, input, this.uow.repos.ngos);
    const ran = await this.runForNgo(ngoId, now, actor);
    const run = await this.uow.repos.retention.run(ngoId, this.dayOf(now));
    if (!run) throw new Error('the retention run was claimed but is not found');
    return { ran, run: runOf(run) };
  }

  /**
   * The daily job: each NGO's run of `now`'s day, for the NGOs no instance has run today. Answers
   * how many runs this call made. An NGO's failure is reported and does not stop the others.
   */
  async runDaily(now: Date, onError: (err: unknown) => void = () => {}): Promise<number> {
    let runs = 0;
    for (const ngoId of await this.uow.repos.retention.ngoIds()) {
      try {
        if (await this.runForNgo(ngoId, now, null)) runs += 1;
      } catch (err) {
        onError(err);
      }
    }
    return runs;
  }

  /**
   * One NGO's run of the day, in one transaction: the claim first (a second instance waits for it
   * and then finds it taken), then the cases, the citizen reports of those cases and declined ones,
   * and the directory reporters no kept record still names, with the reporter values of the cases'
   * timelines and the identity documents' rows; the run is audited with its counts. The documents'
   * files go after the commit (a crash in between leaves files with no row, for the orphan sweep).
   */
  private async runForNgo(ngoId: number, now: Date, actor: AuditActor): Promise<boolean> {
    const day = this.dayOf(now);
    const at = now.toISOString();
    const done = await this.uow.transaction(async ({ retention, audit, identity, comments }) => {
      if (!(await retention.claim(ngoId, day, at))) return undefined;
      const months = await retention.months(ngoId);
      if (months === undefined) return undefined;
      const cutoff = this.cutoffOf(now, months);
      const caseIds = await retention.anonymiseCases(ngoId, cutoff, at);
      const reportIds = await retention.anonymiseReports(ngoId, cutoff, at);
      const reporterIds = await retention.anonymiseReporters(
        ngoId,
        (await this.expiredReporters(retention, ngoId, cutoff, false)).map((r) => r.id),
        cutoff,
        at,
      );
      const { documents, comments: emptiedComments } = await emptyReporterTraces({ audit, identity, comments }, actor, ngoId, { caseIds, reporterIds, citizenReportIds: reportIds }, redactionStamp('retention', day));
      const counts: RetentionCounts = { cases: caseIds.length, reporters: reporterIds.length, citizenReports: reportIds.length };
      await retention.finish(ngoId, day, counts);
      const fields = [...Object.entries(counts).map(([kind, n]) => `${kind}:${n}`), `documents:${documents.length}`, `comments:${emptiedComments}`];
      await audit.append(actor, { entity: RETENTION_JOB, entityId: day, action: 'anonymise', ngoId, fields });
      return documents;
    });
    if (done === undefined) return false;
    await this.files.removeFiles(ngoId, done);
    return true;
  }

  /**
   * Directory reporters unchanged since the cutoff whose phone numbers no kept case or report holds
   * (a reporter still on an open case keeps their data). `beforeRun`: what the next run would leave.
   */
  private async expiredReporters(retention: RetentionRepository, ngoId: number, cutoff: string, beforeRun: boolean) {
    const candidates = await retention.staleReporters(ngoId, cutoff);
    if (candidates.length === 0) return [];
    const inUse = await retention.inUse(ngoId, beforeRun ? cutoff : undefined);
    const phones = new Set(inUse.phones.map(digitsOf));
    const linked = new Set(inUse.reporterIds);
    return candidates.filter((r) => !linked.has(r.id) && ![r.contact, r.alternate_contact].some((p) => p && phones.has(digitsOf(p))));
  }
}

function runOf(row: JobRunRow): RetentionRun {
  return { day: row.day, startedAt: row.started_at, counts: row.result ? (JSON.parse(row.result) as RetentionCounts) : null };
}
