import { blankStepDetail, type Case, type CaseList, type CaseListItem } from '@rescuedesk/shared';

/** A case as getCaseById answers it, fresh from the 'Add New Case' dialog unless overridden. */
export function buildCase(overrides: Partial<Case> = {}): Case {
  return {
    id: 12,
    ngoId: 2,
    type: 'Sterilization',
    status: 'Reported',
    mortality: 'Healthy',
    causeOfFailure: null,
    createdBy: 'Manoj Manager',
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    reportingDetail: blankStepDetail('reportingDetail'),
    animalDetail: blankStepDetail('animalDetail'),
    medicalDetail: blankStepDetail('medicalDetail'),
    operationDetail: blankStepDetail('operationDetail'),
    postOperationDetail: blankStepDetail('postOperationDetail'),
    releaseDistanceM: null,
    releaseFlagged: false,
    postOpDays: [],
    ...overrides,
  };
}

/** A reporter step saved with every required field filled (and the alternate phone). */
export const SAVED_REPORTING: Case['reportingDetail'] = {
  ...blankStepDetail('reportingDetail'),
  reporterName: 'Anita Desai',
  reporterContact: '+91 98450 12345',
  reporterAltContact: '080 2345 6789',
  location: 'MG Road, near Metro pillar 45',
  landmark: 'Cauvery Emporium',
  pincode: '560001',
  reportedDate: '2026-11-20',
  reportedTime: '08:15',
  lastModifiedBy: 'Worker',
};

export function buildListItem(overrides: Partial<CaseListItem> = {}): CaseListItem {
  const item = {
    id: 12,
    ngoId: 2,
    type: 'Sterilization' as const,
    status: 'Reported' as const,
    mortality: 'Healthy' as const,
    causeOfFailure: null,
    reporterName: 'Anita Desai',
    location: 'MG Road, near Metro pillar 45',
    landmark: 'Cauvery Emporium',
    pincode: '560001',
    uniqueID: null,
    reportedDate: '2026-11-20',
    ngoName: 'Green Paws Trust',
    createdBy: 'Wasim Worker',
    createdAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
  return {
    ...item,
    reportingDetail: { reporterName: item.reporterName, location: item.location, landmark: item.landmark, pincode: item.pincode },
  };
}

type Counts = CaseList['meta']['counts'];

export function buildCaseList(rows: CaseListItem[], counts: Partial<Counts> = {}, page = 1): CaseList {
  return {
    data: rows,
    meta: {
      total: rows.length,
      page,
      pageSize: 50,
      counts: { total: rows.length, Reported: 0, Admitted: 0, 'Blood Test': 0, Operation: 0, 'Post Operation': 0, Released: 0, ...counts },
    },
  };
}
