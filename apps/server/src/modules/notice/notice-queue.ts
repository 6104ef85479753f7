import { randomUUID } from 'node:crypto';
import type { NoticeChannel, NoticeMilestone, NoticeStatus, ReportNotices } from '@rescuedesk/shared';
import type { CaseRow, CitizenReportRow } from '../../db/schema';
import type { NgoScope } from '../../db/scope';
import type { NoticeRepository, SubscribedReport } from './notice.repository';

/** A case's dates that are a reporter's milestones (the tracking page shows the same). */
const CASE_MILESTONES = [
  ['pickedUp', 'pickup_date'],
  ['operated', 'operation_date'],
  ['released', 'release_date'],
  ['died', 'death_date'],
] as const satisfies readonly (readonly [NoticeMilestone, keyof CaseRow])[];

/**
 * Puts notices in the queue, inside the transaction of the change that reaches the milestone (the
 * report's claim or decline, a case step's save): the notice exists exactly when the change does.
 * Bound to that transaction's repository; sending is the worker's (notice.worker.ts).
 */
export class NoticeQueue {
  constructor(private readonly notices: NoticeRepository) {}

  /** Queues one milestone of a report whose reporter asked for notices and has not stopped them. */
  async reached(report: SubscribedReport, milestone: NoticeMilestone): Promise<void> {
    if (!report.notice_channel || report.notices_stopped_at) return;
    await this.notices.enqueue({
      ngo_id: report.ngo_id,
      report_id: report.id,
      milestone,
      channel: report.notice_channel,
      language: report.language === 'hi' ? 'hi' : 'en',
      idempotency_key: randomUUID(),
    });
  }

  /** A case step was saved: each milestone date it filled in is told to the reporters linked to the case. */
  async caseStepSaved(before: Pick<CaseRow, (typeof CASE_MILESTONES)[number][1]>, after: Pick<CaseRow, 'id' | 'ngo_id' | (typeof CASE_MILESTONES)[number][1]>): Promise<void> {
    const reached = CASE_MILESTONES.filter(([, column]) => !before[column] && after[column]).map(([milestone]) => milestone);
    if (reached.length === 0) return;
    const reports = await this.notices.subscribedReportsOfCase(after.ngo_id, after.id);
    for (const report of reports) for (const milestone of reached) await this.reached(report, milestone);
  }

  /** Each report's notices as staff see them (no phone number: only what went, how and when). */
  async forReports(scope: NgoScope, reports: readonly Pick<CitizenReportRow, 'id' | 'notice_channel' | 'notices_stopped_at'>[]): Promise<Map<number, ReportNotices>> {
    const rows = await this.notices.listForReports(
      scope,
      reports.map((r) => r.id),
    );
    return new Map(
      reports.map((report) => [
        report.id,
        {
          channel: (report.notice_channel as NoticeChannel | null) ?? null,
          stoppedAt: report.notices_stopped_at,
          list: rows
            .filter((n) => n.report_id === report.id)
            .map((n) => ({ milestone: n.milestone as NoticeMilestone, channel: n.channel as NoticeChannel, status: n.status as NoticeStatus, attempts: n.attempts, sentAt: n.sent_at, createdAt: n.created_at })),
        },
      ]),
    );
  }
}
