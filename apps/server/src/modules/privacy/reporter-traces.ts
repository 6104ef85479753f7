import { CASE_REPORTER_FIELDS } from '@rescuedesk/shared';
import type { AuditActor, AuditRepository } from '../audit/audit.repository';
import type { IdentityImageRepository } from './identity-images.repository';
import type { ReportCommentRepository } from './report-comments.repository';

/** Removes stored files after the commit that deleted their rows (ImageService.removeFiles). */
export interface ImageFileRemover {
  removeFiles(ngoId: number, fileNames: readonly string[]): Promise<void>;
}

/** The action of the case timeline entry that says a reporter's data was emptied. */
export const EMPTY_REPORTER_ACTION = 'emptyReporter';

/**
 * What else goes when retention or an erasure empties reporters' data, in its transaction
 * (docs/decisions/024): the reporter fields' values in the cases' timelines (the rows stamped with
 * `stamp`), the identity documents of the cases and directory reporters with their image rows, the
 * comments reporters added to the citizen reports emptied, and one timeline entry per case saying
 * why. Answers the stored names whose files go after the commit, and how many comments went.
 */
export async function emptyReporterTraces(
  repos: { audit: AuditRepository; identity: IdentityImageRepository; comments: ReportCommentRepository },
  actor: AuditActor,
  ngoId: number,
  records: { caseIds: readonly number[]; reporterIds: readonly number[]; citizenReportIds: readonly number[] },
  stamp: string,
): Promise<{ documents: string[]; comments: number }> {
  const taken = await repos.identity.takeFromCases(ngoId, records.caseIds);
  const reporterDocuments = await repos.identity.takeFromReporters(ngoId, records.reporterIds);
  await repos.audit.redactCaseReporters(ngoId, records.caseIds, stamp);
  for (const caseId of records.caseIds) {
    const fields = [...CASE_REPORTER_FIELDS, ...(taken.caseFields.get(caseId) ?? [])];
    await repos.audit.append(actor, { entity: 'case', entityId: caseId, action: EMPTY_REPORTER_ACTION, ngoId, fields, redacted: stamp });
  }
  const comments = await repos.comments.emptyComments(ngoId, records.citizenReportIds);
  return { documents: [...taken.names, ...reporterDocuments], comments };
}
