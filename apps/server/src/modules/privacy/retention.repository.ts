import type { RetentionCounts } from '@rescuedesk/shared';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { scopedTo } from '../../db/scope';
import { idsInChunks } from './data-request.repository';

/** The job's name in `job_runs`. */
export const RETENTION_JOB = 'retention';

/** How many records of each kind the preview lists (the counts cover them all). */
export const PREVIEW_ROWS = 50;

export interface JobRunRow {
  day: string;
  started_at: string;
  result: string | null;
}

/**
 * A case is closed once it is released (its status, or a release date recorded), has a date of
 * death, or is deleted (docs/product.md#cases); its reporter data expires when it was last changed
 * before the cutoff. The last change is at or after the closing, so the period is never cut short.
 */
function expiredCase(ngoId: number, cutoff: string) {
  return (eb: ExpressionBuilder<DB, 'cases'>) =>
    eb.and([
      eb('ngo_id', '=', ngoId),
      eb('reporter_anonymised_at', 'is', null),
      eb('updated_at', '<', cutoff),
      eb.or([eb('status', '=', 'Released'), eb('release_date', 'is not', null), eb('death_date', 'is not', null), eb('deleted_at', 'is not', null)]),
      eb.or([eb('reporter_name', 'is not', null), eb('reporter_contact', 'is not', null), eb('reporter_alt_contact', 'is not', null), eb('reporter_email', 'is not', null)]),
    ]);
}

/**
 * A citizen report, once decided, is kept as long as its case keeps its reporter data; one with no
 * case (declined) until the cutoff after its last change. A new report is never touched.
 */
function expiredReport(ngoId: number, cutoff: string) {
  return (eb: ExpressionBuilder<DB, 'citizen_reports'>) =>
    eb.and([
      eb('citizen_reports.ngo_id', '=', ngoId),
      eb('citizen_reports.reporter_anonymised_at', 'is', null),
      eb('citizen_reports.status', '!=', 'new'),
      eb.or([
        eb.and([eb('citizen_reports.case_id', 'is', null), eb('citizen_reports.updated_at', '<', cutoff)]),
        eb('citizen_reports.case_id', 'in', eb.selectFrom('cases').select('cases.id').where('cases.ngo_id', '=', ngoId).where('cases.reporter_anonymised_at', 'is not', null)),
      ]),
    ]);
}

/** A report that the next run empties: expired already, or the report of a case the run empties first. */
function reportExpiring(ngoId: number, cutoff: string) {
  return (eb: ExpressionBuilder<DB, 'citizen_reports'>) =>
    eb.or([
      expiredReport(ngoId, cutoff)(eb),
      eb.and([
        eb('citizen_reports.ngo_id', '=', ngoId),
        eb('citizen_reports.reporter_anonymised_at', 'is', null),
        eb('citizen_reports.status', '!=', 'new'),
        eb('citizen_reports.case_id', 'in', eb.selectFrom('cases').select('cases.id').where(expiredCase(ngoId, cutoff))),
      ]),
    ]);
}

/**
 * The retention job's reads and writes (docs/privacy.md#how-long). Every query names the NGO. The
 * writes carry their whole condition, "not anonymised yet" included, so a record is emptied once
 * however many runs reach it, and a case reopened meanwhile is left alone.
 */
export class RetentionRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async ngoIds(): Promise<number[]> {
    return (await this.db.selectFrom('ngos').select('id').orderBy('id').execute()).map((r) => r.id);
  }

  async months(ngoId: number): Promise<number | undefined> {
    return (await this.db.selectFrom('ngos').select('retention_months').where('id', '=', ngoId).executeTakeFirst())?.retention_months;
  }

  /**
   * Claims the NGO's run of the day. Made in the run's own transaction before any work: a second
   * instance's claim waits for it and then finds the key taken; a failed run leaves no claim.
   */
  async claim(ngoId: number, day: string, at: string): Promise<boolean> {
    const inserted = await this.db
      .insertInto('job_runs')
      .values({ job: RETENTION_JOB, ngo_id: ngoId, day, started_at: at })
      .onConflict((oc) => oc.columns(['job', 'ngo_id', 'day']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async finish(ngoId: number, day: string, counts: RetentionCounts): Promise<void> {
    await scopedTo(this.db.updateTable('job_runs').set({ result: JSON.stringify(counts) }).where('job', '=', RETENTION_JOB).where('day', '=', day), ngoId).execute();
  }

  async run(ngoId: number, day: string): Promise<JobRunRow | undefined> {
    return scopedTo(this.db.selectFrom('job_runs').select(['day', 'started_at', 'result']).where('job', '=', RETENTION_JOB).where('day', '=', day), ngoId).executeTakeFirst();
  }

  async lastRun(ngoId: number): Promise<JobRunRow | undefined> {
    return scopedTo(this.db.selectFrom('job_runs').select(['day', 'started_at', 'result']).where('job', '=', RETENTION_JOB), ngoId).orderBy('day', 'desc').limit(1).executeTakeFirst();
  }

  async expiredCases(ngoId: number, cutoff: string, limit = PREVIEW_ROWS) {
    const rows = await this.db
      .selectFrom('cases')
      .select(['id', 'reporter_name', 'reporter_contact', 'reporter_email'])
      .where(expiredCase(ngoId, cutoff))
      .orderBy('id')
      .limit(limit)
      .execute();
    const counted = await this.db.selectFrom('cases').select((eb) => eb.fn.countAll<number>().as('n')).where(expiredCase(ngoId, cutoff)).executeTakeFirst();
    return { rows, total: Number(counted?.n ?? 0) };
  }

  /** Empties the reporter's name and contact details of the NGO's expired cases; answers their ids. */
  async anonymiseCases(ngoId: number, cutoff: string, at: string): Promise<number[]> {
    const rows = await this.db
      .updateTable('cases')
      .set({ reporter_name: null, reporter_name_keys: null, reporter_contact: null, reporter_alt_contact: null, reporter_email: null, reporter_anonymised_at: at, updated_at: at })
      .where(expiredCase(ngoId, cutoff))
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Citizen reports the next run will empty, the reports of the cases it empties included. */
  async expiredReports(ngoId: number, cutoff: string, limit = PREVIEW_ROWS) {
    const rows = await this.db.selectFrom('citizen_reports').select(['id', 'code', 'reporter_name', 'reporter_phone']).where(reportExpiring(ngoId, cutoff)).orderBy('id').limit(limit).execute();
    const counted = await this.db.selectFrom('citizen_reports').select((eb) => eb.fn.countAll<number>().as('n')).where(reportExpiring(ngoId, cutoff)).executeTakeFirst();
    return { rows, total: Number(counted?.n ?? 0) };
  }

  /** Empties the reporter's name and phone (the notices' copy too) of the NGO's expired citizen reports, after the cases; answers their ids. */
  async anonymiseReports(ngoId: number, cutoff: string, at: string): Promise<number[]> {
    const rows = await this.db
      .updateTable('citizen_reports')
      .set({ reporter_name: '', reporter_phone: '', notice_phone: null, reporter_anonymised_at: at, updated_at: at })
      .where(expiredReport(ngoId, cutoff))
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Directory reporters not anonymised and unchanged since the cutoff: candidates, before the open cases are looked at. */
  async staleReporters(ngoId: number, cutoff: string) {
    return scopedTo(
      this.db.selectFrom('reporters').select(['id', 'name', 'contact', 'alternate_contact', 'email']).where('anonymised_at', 'is', null).where('updated_at', '<', cutoff),
      ngoId,
    )
      .orderBy('id')
      .execute();
  }

  /**
   * Phone numbers the NGO still holds on cases (open, or closed within the period) and on citizen
   * reports, and the reporters those reports link: such a directory reporter keeps their data.
   * With `cutoff`, what the next run empties is left out (the preview's view, before it runs).
   */
  async inUse(ngoId: number, cutoff?: string): Promise<{ phones: string[]; reporterIds: number[] }> {
    let cases = this.db.selectFrom('cases').select(['reporter_contact', 'reporter_alt_contact']).where('ngo_id', '=', ngoId).where('reporter_anonymised_at', 'is', null);
    let reports = this.db.selectFrom('citizen_reports').select(['reporter_phone', 'reporter_id']).where('ngo_id', '=', ngoId).where('reporter_anonymised_at', 'is', null);
    if (cutoff !== undefined) {
      cases = cases.where((eb) => eb.not(expiredCase(ngoId, cutoff)(eb)));
      reports = reports.where((eb) => eb.not(reportExpiring(ngoId, cutoff)(eb)));
    }
    const caseRows = await cases.execute();
    const reportRows = await reports.execute();
    const phones = [...caseRows.flatMap((r) => [r.reporter_contact, r.reporter_alt_contact]), ...reportRows.map((r) => r.reporter_phone)].filter((p): p is string => !!p);
    return { phones, reporterIds: reportRows.flatMap((r) => (r.reporter_id === null ? [] : [r.reporter_id])) };
  }

  /** Empties the named directory reporters that are still not anonymised; answers the ids emptied. */
  async anonymiseReporters(ngoId: number, ids: readonly number[], cutoff: string, at: string): Promise<number[]> {
    const set = { name: '', contact: '', alternate_contact: null, email: null, anonymised_at: at, updated_at: at };
    return idsInChunks(ids, (part) =>
      scopedTo(this.db.updateTable('reporters').set(set).where('id', 'in', part).where('anonymised_at', 'is', null).where('updated_at', '<', cutoff), ngoId)
        .returning('id')
        .execute(),
    );
  }
}
