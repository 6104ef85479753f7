import { type Kysely, sql } from 'kysely';
import type { CitizenReportRow, DB, NoticeRow } from '../../db/schema';
import { scopedTo, type NgoScope } from '../../db/scope';
import { nowIso } from '../../lib/time';
import { auditRow } from '../audit/audit.repository';

/** What the worker needs to send one notice: the notice, and of its report and NGO only what the message says. */
export interface NoticeToSend {
  notice: NoticeRow;
  reporterPhone: string;
  linkSealed: string | null;
  code: string;
  declineReason: string | null;
  stoppedAt: string | null;
  ngoName: string;
}

export type SubscribedReport = Pick<CitizenReportRow, 'id' | 'ngo_id' | 'notice_channel' | 'language' | 'notices_stopped_at'>;

/**
 * The notice queue (migration 029, docs/decisions/023). The worker reads across NGOs on purpose: it
 * serves the whole platform; staff read notices only within their NGO scope.
 */
export class NoticeRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Queues a report's milestone; a milestone already queued stays as it is (one notice per milestone). */
  async enqueue(values: { ngo_id: number; report_id: number; milestone: string; channel: string; language: string; idempotency_key: string }): Promise<void> {
    const now = nowIso();
    await this.db
      .insertInto('notices')
      .values({ ...values, next_attempt_at: now, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['report_id', 'milestone']).doNothing())
      .execute();
  }

  /** The reports linked to a case whose reporter asked for notices and has not stopped them. */
  async subscribedReportsOfCase(ngoId: number, caseId: number): Promise<SubscribedReport[]> {
    return scopedTo(
      this.db
        .selectFrom('citizen_reports')
        .select(['id', 'ngo_id', 'notice_channel', 'language', 'notices_stopped_at'])
        .where('case_id', '=', caseId)
        .where('notice_channel', 'is not', null)
        .where('notices_stopped_at', 'is', null),
      ngoId,
    ).execute();
  }

  /** Notices due now whose lease (if any) has run out, oldest first. */
  async dueIds(now: string, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('notices')
      .select('id')
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Takes a notice for one sending, in one conditional statement: of several workers (in one process
   * or many) only one passes while the lease lasts. Counts the attempt.
   */
  async claim(id: number, owner: string, now: string, leaseUntil: string): Promise<boolean> {
    const result = await this.db
      .updateTable('notices')
      .set({ lease_owner: owner, lease_until: leaseUntil, attempts: sql`attempts + 1`, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async toSend(id: number): Promise<NoticeToSend | undefined> {
    const row = await this.db
      .selectFrom('notices as n')
      .innerJoin('citizen_reports as r', 'r.id', 'n.report_id')
      .innerJoin('ngos as g', 'g.id', 'n.ngo_id')
      .selectAll('n')
      .select(['r.reporter_phone', 'r.notice_link_sealed', 'r.code', 'r.decline_reason', 'r.notices_stopped_at', 'g.name as ngo_name'])
      .where('n.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { reporter_phone, notice_link_sealed, code, decline_reason, notices_stopped_at, ngo_name, ...notice } = row;
    return { notice, reporterPhone: reporter_phone, linkSealed: notice_link_sealed, code, declineReason: decline_reason, stoppedAt: notices_stopped_at, ngoName: ngo_name };
  }

  /** Sent: recorded whoever holds the lease now, since the provider has the message either way. */
  async markSent(id: number, provider: string, providerId: string | null): Promise<void> {
    const now = nowIso();
    await this.db
      .updateTable('notices')
      .set({ status: 'sent', sent_at: now, provider, provider_id: providerId, last_error: null, lease_owner: null, lease_until: null, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .execute();
  }

  /** Another try later; only by the worker still holding the lease. */
  async markRetry(id: number, owner: string, nextAttemptAt: string, error: string): Promise<void> {
    await this.release(id, owner, { next_attempt_at: nextAttemptAt, last_error: error });
  }

  /** No more tries: the provider refused for good, or the attempts ran out; or the reporter stopped notices. */
  async markEnded(id: number, owner: string, status: 'failed' | 'stopped', error: string | null): Promise<void> {
    await this.release(id, owner, { status, last_error: error });
  }

  private async release(id: number, owner: string, values: { next_attempt_at?: string; status?: string; last_error: string | null }): Promise<void> {
    await this.db
      .updateTable('notices')
      .set({ ...values, lease_owner: null, lease_until: null, updated_at: nowIso() })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'queued')
      .execute();
  }

  /** Across every NGO, on purpose: the token (its hash) alone opens a tracking page, and so stops its notices. */
  async reportByTokenHashAcrossNgos(tokenHash: string): Promise<Pick<CitizenReportRow, 'id' | 'ngo_id' | 'notices_stopped_at'> | undefined> {
    return this.db.selectFrom('citizen_reports').select(['id', 'ngo_id', 'notices_stopped_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** Across every NGO, on purpose: a provider's STOP reply comes from a phone number, for every report it made. */
  async subscribedReportsByPhoneAcrossNgos(phoneDigits: string): Promise<Pick<CitizenReportRow, 'id' | 'ngo_id'>[]> {
    return this.db.selectFrom('citizen_reports').select(['id', 'ngo_id']).where('notice_phone', '=', phoneDigits).where('notices_stopped_at', 'is', null).execute();
  }

  /**
   * Stops a report's notices: recorded on the report and in the audit log (by the reporter, so with
   * no staff actor), and what is still queued is not sent. A second stop changes nothing.
   */
  async stopReport(report: Pick<CitizenReportRow, 'id' | 'ngo_id'>, via: 'link' | 'reply'): Promise<void> {
    const now = nowIso();
    const stopped = await scopedTo(
      this.db.updateTable('citizen_reports').set({ notices_stopped_at: now, notices_stopped_via: via, updated_at: now }).where('id', '=', report.id).where('notices_stopped_at', 'is', null),
      report.ngo_id,
    ).executeTakeFirst();
    await scopedTo(this.db.updateTable('notices').set({ status: 'stopped', updated_at: now }).where('report_id', '=', report.id).where('status', '=', 'queued'), report.ngo_id).execute();
    if (Number(stopped.numUpdatedRows) === 1) await this.db.insertInto('audit_log').values(auditRow(null, { entity: 'citizenReport', entityId: report.id, action: 'stopNotices', ngoId: report.ngo_id, fields: [`via:${via}`] })).execute();
  }

  /** The notices of these reports, for the staff's intake list. */
  async listForReports(scope: NgoScope, reportIds: readonly number[]): Promise<NoticeRow[]> {
    if (reportIds.length === 0) return [];
    return scopedTo(this.db.selectFrom('notices').selectAll().where('report_id', 'in', reportIds), scope).orderBy('id').execute();
  }
}
