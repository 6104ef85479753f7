import { sql, type Kysely } from 'kysely';
import { CASE_DAY_SQL } from '../../db/migrations/013-report-indexes';
import type { DB } from '../../db/schema';
import { scopedTo, type NgoScope } from '../../db/scope';

/** The day a case counts from (see CASE_DAY_SQL): unqualified, as the index is written. */
const caseDay = sql<string>`${sql.raw(CASE_DAY_SQL)}`;

/** A case's dates that tell how far a complaint has gone. */
export interface CaseProgress {
  case_id: number | null;
  pickup_date: string | null;
  pickup_time: string | null;
  release_date: string | null;
  death_date: string | null;
}

export interface PublicComplaintRow extends CaseProgress {
  id: number;
  ngo_id: number;
  code: string;
  status: string;
  created_at: string;
  decided_at: string | null;
  decline_reason: string | null;
  animal_type: string;
  condition: string;
  address: string | null;
  pincode: string | null;
  reporter_name: string;
}

export interface PhoneComplaintRow extends CaseProgress {
  ngo_id: number;
  created_at: string;
  reported_date: string | null;
  reported_time: string | null;
  animal_species: string | null;
  admission_reason: string | null;
  location: string | null;
  pincode: string | null;
  reporter_name: string | null;
}

/**
 * The complaint register's two sources, a month at a time: the reports sent through the public page
 * (with their case's progress when accepted), and the phone-in complaints, which are the cases with a
 * reporter that no public report became. Every query is confined to the NGO scope.
 */
export class ComplaintRegisterRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Public reports received in [from, to) (UTC instants bounding the NGO's month). */
  async publicReports(scope: NgoScope, from: string, to: string): Promise<PublicComplaintRow[]> {
    return scopedTo(this.db.selectFrom('citizen_reports as r'), scope, 'r.ngo_id')
      .leftJoin('cases as c', (join) => join.onRef('c.id', '=', 'r.case_id').on('c.deleted_at', 'is', null))
      .select([
        'r.id',
        'r.ngo_id',
        'r.code',
        'r.status',
        'r.created_at',
        'r.decided_at',
        'r.decline_reason',
        'r.animal_type',
        'r.condition',
        'r.address',
        'r.pincode',
        'r.reporter_name',
        'c.id as case_id',
        'c.pickup_date',
        'c.pickup_time',
        'c.release_date',
        'c.death_date',
      ])
      .where('r.created_at', '>=', from)
      .where('r.created_at', '<', to)
      .orderBy('r.created_at')
      .orderBy('r.id')
      .execute();
  }

  /**
   * Phone-in complaints of the month: cases someone reported (a reported date) that no public report became, on a day of
   * the month [from, to) by the case's day (its reported date, or the day it was typed in: the same
   * day the dashboard's monthly chart counts it on, and the index on it).
   */
  async phoneComplaints(scope: NgoScope, from: string, to: string): Promise<PhoneComplaintRow[]> {
    return scopedTo(this.db.selectFrom('cases'), scope, 'cases.ngo_id')
      .select([
        'cases.id as case_id',
        'cases.ngo_id',
        'cases.created_at',
        'cases.reported_date',
        'cases.reported_time',
        'cases.animal_species',
        'cases.admission_reason',
        'cases.location',
        'cases.pincode',
        'cases.reporter_name',
        'cases.pickup_date',
        'cases.pickup_time',
        'cases.release_date',
        'cases.death_date',
      ])
      .where('cases.deleted_at', 'is', null)
      .where(caseDay, '>=', from)
      .where(caseDay, '<', to)
      // Someone reported it: the reporter step's reported date, which the reporter's name needs and which
      // outlives the name when retention empties it (docs/privacy.md): a case caught on a drive has none.
      .where('cases.reported_date', 'is not', null)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('citizen_reports as r').select('r.id').whereRef('r.ngo_id', '=', 'cases.ngo_id').whereRef('r.case_id', '=', 'cases.id'))))
      .orderBy('cases.id')
      .execute();
  }
}
