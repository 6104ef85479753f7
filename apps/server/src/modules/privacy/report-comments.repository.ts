import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { scopedTo } from '../../db/scope';

/** Ids per statement, well under SQLite's limit of bound values. */
const ID_CHUNK = 500;

/** A comment a reporter added to their report from its tracking page. */
export interface AddedComment {
  at: string;
  comment: string;
}

/**
 * The comments reporters added to their citizen reports (docs/citizen-reports.md#adding-to-a-report):
 * free text, so it may hold whatever the reporter wrote about themselves. An access request exports
 * them with the report; retention and an erasure empty them with the report's name and phone
 * (docs/privacy.md). An added photo is of the animal, as the report's own photos, and stays.
 */
export class ReportCommentRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Each report's added comments, oldest first. */
  async commentsOf(ngoId: number, reportIds: readonly number[]): Promise<Map<number, AddedComment[]>> {
    const byReport = new Map<number, AddedComment[]>();
    for (let i = 0; i < reportIds.length; i += ID_CHUNK) {
      const rows = await scopedTo(
        this.db.selectFrom('citizen_report_additions').select(['report_id', 'comment', 'created_at']).where('report_id', 'in', reportIds.slice(i, i + ID_CHUNK)).where('comment', 'is not', null),
        ngoId,
      )
        .orderBy('id')
        .execute();
      for (const row of rows) byReport.set(row.report_id, [...(byReport.get(row.report_id) ?? []), { at: row.created_at, comment: row.comment ?? '' }]);
    }
    return byReport;
  }

  /**
   * Empties the added comments of these reports, in the caller's transaction: an addition that was
   * only a comment goes; one with a photo keeps the photo. Answers how many comments were emptied.
   */
  async emptyComments(ngoId: number, reportIds: readonly number[]): Promise<number> {
    let emptied = 0;
    for (let i = 0; i < reportIds.length; i += ID_CHUNK) {
      const part = reportIds.slice(i, i + ID_CHUNK);
      const only = await scopedTo(this.db.deleteFrom('citizen_report_additions').where('report_id', 'in', part).where('comment', 'is not', null).where('photo', 'is', null), ngoId).returning('id').execute();
      const withPhoto = await scopedTo(this.db.updateTable('citizen_report_additions').set({ comment: null }).where('report_id', 'in', part).where('comment', 'is not', null), ngoId).returning('id').execute();
      emptied += only.length + withPhoto.length;
    }
    return emptied;
  }
}
