import { ABC_COUNT_COLUMNS, type AbcReport, type AbcReportRow, type Me } from '@rescuedesk/shared';

/** A row of the ABC report with every count zero except those given. */
export function reportRow(label: string | null, counts: Partial<AbcReportRow> = {}): AbcReportRow {
  const zero = Object.fromEntries(ABC_COUNT_COLUMNS.map((c) => [c, 0])) as Omit<AbcReportRow, 'label' | 'medianDaysToRelease'>;
  return { label, ...zero, medianDaysToRelease: null, ...counts };
}

export const MARCH_REPORT: AbcReport = {
  month: '2026-03',
  ngo: { id: 2, name: 'Green Paws Trust', darpanId: 'KA/2019/0234567', logo: null, releaseThresholdM: 500 },
  ward: null,
  rowsAre: 'wards',
  rows: [
    reportRow('Ward 5', { capturedMale: 3, capturedFemale: 2, capturedTotal: 5, operatedMale: 3, operatedTotal: 3, released: 2, releasedFlagged: 1, medianDaysToRelease: 6.5 }),
    reportRow(null, { capturedPups: 1, capturedTotal: 1, unfitTooYoung: 1, unfitTotal: 1 }),
  ],
  total: reportRow(null, { capturedMale: 3, capturedFemale: 2, capturedPups: 1, capturedTotal: 6, unfitTooYoung: 1, unfitTotal: 1, operatedMale: 3, operatedTotal: 3, released: 2, releasedFlagged: 1, medianDaysToRelease: 6.5 }),
  speciesNotRecorded: [],
  surveys: [],
};

export function manager(overrides: Partial<Me> = {}): Me {
  return { id: 7, role: 'Manager', ngoId: 2, name: 'Manoj Manager', username: 'manoj', email: 'manoj@example.org', profileImage: null, ngoName: 'Green Paws Trust', language: 'en', ...overrides };
}
