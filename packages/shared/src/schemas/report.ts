import { z } from 'zod';
import { CASE_STATUSES, CASE_TYPES, type UNFIT_REASONS } from '../option-values';
import { CaseListInputSchema } from './case';
import { IdSchema } from './common';
import { apiParam, plainText, says } from './formats';
import { ListInputSchema, PageMetaSchema } from './list';
import { CoverageEstimateSchema, SurveySchema } from './survey';
import { USER_LIST_STATUSES } from './user';

/**
 * Reports, charts and exports (docs/reports.md): the monthly ABC report an NGO files with its local
 * authority, the dashboard's charts, the per-dog register, CSV exports and the sponsor's list.
 */

/** The first and last months a report or chart may ask for. */
export const REPORT_MONTHS = { first: '2000-01', last: '2100-12' } as const;

/**
 * A calendar month, YYYY-MM, within REPORT_MONTHS. The years are bounded in the pattern itself, so the
 * OpenAPI document shows them: past year 9999 a month's dates no longer fit YYYY-MM-DD, and before
 * year 100 JavaScript's Date.UTC reads the year as 19xx.
 */
export const MONTH_PATTERN = /^(20\d{2}|2100)-(0[1-9]|1[0-2])$/;

const monthText = (param: string) => {
  const message = says('reports.validation.month', apiParam(param), { first: REPORT_MONTHS.first, last: REPORT_MONTHS.last });
  return z.string(message).regex(MONTH_PATTERN, message);
};

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The report's filters: a month, an optional ward/zone, and for an Admin an NGO (none: every NGO). */
export const AbcReportInputSchema = z.object({
  month: monthText('month'),
  ward: z.preprocess(blankToUndefined, plainText('field.wardZone').max(100, says('validation.maxLength', 'field.wardZone', { max: '100' })).optional()),
  ngoId: IdSchema.optional(),
});
export type AbcReportInput = z.infer<typeof AbcReportInputSchema>;

/** Unfit reasons as column names: 'Too young' is unfitTooYoung. */
const UNFIT_COLUMNS = ['unfitPregnant', 'unfitLactating', 'unfitTooYoung', 'unfitTooOld', 'unfitSick', 'unfitInjured', 'unfitAggressive', 'unfitOther'] as const;

/** The unfit-reason column of each stored reason. */
export const UNFIT_REASON_COLUMN: Readonly<Record<(typeof UNFIT_REASONS)[number], (typeof UNFIT_COLUMNS)[number]>> = {
  Pregnant: 'unfitPregnant',
  Lactating: 'unfitLactating',
  'Too young': 'unfitTooYoung',
  'Too old': 'unfitTooOld',
  Sick: 'unfitSick',
  Injured: 'unfitInjured',
  Aggressive: 'unfitAggressive',
  Other: 'unfitOther',
};

/**
 * The report's columns in order, in groups as the printed table heads them. Every column is defined
 * in docs/reports.md; all but the last are counts of dogs.
 */
export const ABC_COLUMN_GROUPS = [
  { group: 'captured', columns: ['capturedMale', 'capturedFemale', 'capturedPups', 'capturedTotal'] },
  { group: 'unfit', columns: [...UNFIT_COLUMNS, 'unfitTotal'] },
  { group: 'operated', columns: ['operatedMale', 'operatedFemale', 'operatedTotal'] },
  { group: 'cancelled', columns: ['surgeriesCancelled'] },
  { group: 'deaths', columns: ['deathsBeforeSurgery', 'deathsAfterSurgery'] },
  { group: 'released', columns: ['released', 'releasedFlagged'] },
  { group: 'vaccinated', columns: ['vaccinated'] },
  { group: 'median', columns: ['medianDaysToRelease'] },
] as const;

export type AbcColumnGroup = (typeof ABC_COLUMN_GROUPS)[number]['group'];
export type AbcColumn = (typeof ABC_COLUMN_GROUPS)[number]['columns'][number];
/** Every column but the median: counts, which add up across rows. */
export type AbcCountColumn = Exclude<AbcColumn, 'medianDaysToRelease'>;

export const ABC_COLUMNS: readonly AbcColumn[] = ABC_COLUMN_GROUPS.flatMap((g) => [...g.columns]);
export const ABC_COUNT_COLUMNS = ABC_COLUMNS.filter((c): c is AbcCountColumn => c !== 'medianDaysToRelease');

const countsShape = Object.fromEntries(ABC_COUNT_COLUMNS.map((c) => [c, z.number()])) as Record<AbcCountColumn, z.ZodNumber>;

export const AbcReportRowSchema = z.object({
  /** The ward/zone as written on most of its cases (null: cases without one), or the NGO's name when the report spans every NGO. */
  label: z.string().nullable(),
  ...countsShape,
  /** Median whole days from capture to release of the dogs counted as released; null when none has both dates. */
  medianDaysToRelease: z.number().nullable(),
});
export type AbcReportRow = z.infer<typeof AbcReportRowSchema>;

/** A coverage survey of the month, named by its ward, with the estimate it gives. */
export const AbcReportSurveySchema = SurveySchema.extend({ wardName: z.string(), estimate: CoverageEstimateSchema });
export type AbcReportSurvey = z.infer<typeof AbcReportSurveySchema>;

export const AbcReportSchema = z.object({
  month: z.string(),
  /** The NGO reported on; null for an Admin's report across every NGO (rows are then NGOs, not wards). */
  ngo: z.object({ id: z.number(), name: z.string(), darpanId: z.string().nullable(), logo: z.string().nullable(), releaseThresholdM: z.number() }).nullable(),
  ward: z.string().nullable(),
  rowsAre: z.enum(['wards', 'ngos']),
  rows: z.array(AbcReportRowSchema),
  total: AbcReportRowSchema,
  /**
   * Sterilization cases with an event in the month whose species was never recorded (ids,
   * ascending): not counted above, since the report counts dogs; shown so someone confirms them.
   */
  speciesNotRecorded: z.array(z.number()),
  /**
   * The coverage surveys walked in the month in the report's wards, oldest first, each with the
   * estimate it gives (docs/coverage.md): an NGO's report only, empty across every NGO.
   */
  surveys: z.array(AbcReportSurveySchema),
  /** A locked month (docs/reports.md#signing-the-monthly-report): the signed version whose figures these are. */
  signed: z.object({ id: z.string(), version: z.number(), contentHash: z.string() }).nullable().optional(),
});
export type AbcReport = z.infer<typeof AbcReportSchema>;

/** Whether Intl knows the time zone (an IANA name such as Asia/Kolkata; Intl also takes links such as UTC). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const timeZoneText = z
  .string(says('reports.validation.timeZone', apiParam('timeZone')))
  .max(64, says('reports.validation.timeZone', apiParam('timeZone')))
  .refine(isTimeZone, says('reports.validation.timeZone', apiParam('timeZone')));

/**
 * The dashboard's charts: the scope's cases, an Admin may narrow to one NGO; the last month shown (the
 * browser's current month) and the browser's time zone, whose calendar places a case by the moment it
 * was created while it has no reported date. Without a time zone (an older client) that moment's UTC day.
 */
export const DashboardChartsInputSchema = z
  .object({
    ngoId: IdSchema.optional(),
    endMonth: monthText('endMonth').optional(),
    timeZone: timeZoneText.optional(),
  })
  .prefault({});
export type DashboardChartsInput = z.infer<typeof DashboardChartsInputSchema>;

const statusCounts = z.object(Object.fromEntries(CASE_STATUSES.map((s) => [s, z.number()])) as Record<(typeof CASE_STATUSES)[number], z.ZodNumber>);
const typeCounts = z.object(Object.fromEntries(CASE_TYPES.map((s) => [s, z.number()])) as Record<(typeof CASE_TYPES)[number], z.ZodNumber>);

export const DashboardChartsSchema = z.object({
  /** The twelve months shown, oldest first (YYYY-MM). */
  months: z.array(z.string()),
  casesByMonth: z.array(z.object({ month: z.string(), counts: statusCounts })),
  casesByType: typeCounts,
  outcomes: z.object({ released: z.number(), died: z.number(), inCare: z.number() }),
  surgeriesByMonth: z.array(z.object({ month: z.string(), male: z.number(), female: z.number() })),
});
export type DashboardCharts = z.infer<typeof DashboardChartsSchema>;

/** The dashboard's current filter, for its CSV export (every page of it). */
export const CaseExportInputSchema = CaseListInputSchema.unwrap().omit({ page: true, pageSize: true }).prefault({});
export type CaseExportInput = z.infer<typeof CaseExportInputSchema>;

/** A directory list's search (and NGO and status filters) for its CSV export. */
export const DirectoryExportInputSchema = ListInputSchema.unwrap().omit({ page: true, pageSize: true }).prefault({});
export type DirectoryExportInput = z.infer<typeof DirectoryExportInputSchema>;
export const UserExportInputSchema = DirectoryExportInputSchema.unwrap()
  .extend({ status: z.enum(USER_LIST_STATUSES, says('validation.oneOf', apiParam('status'), { options: USER_LIST_STATUSES.join(', ') })).default('active') })
  .prefault({});
export type UserExportInput = z.infer<typeof UserExportInputSchema>;

export const SponsorIdInputSchema = z.object({ sponsorId: IdSchema });
export const SponsorCasesInputSchema = z.object({
  sponsorId: IdSchema,
  page: ListInputSchema.unwrap().shape.page,
  pageSize: z.coerce.number().int().min(1).max(500).default(500),
});
export type SponsorCasesInput = z.infer<typeof SponsorCasesInputSchema>;

/** A case as a sponsor's list shows it. */
export const SponsorCaseSchema = z.object({
  id: z.number(),
  type: z.enum(CASE_TYPES),
  status: z.enum(CASE_STATUSES),
  uniqueID: z.string().nullable(),
  reportedDate: z.string().nullable(),
  wardZone: z.string().nullable(),
  animalSpecies: z.string().nullable(),
  animalGender: z.string().nullable(),
  operationDate: z.string().nullable(),
  releaseDate: z.string().nullable(),
  deathDate: z.string().nullable(),
});
export type SponsorCase = z.infer<typeof SponsorCaseSchema>;

export const SponsorCasesSchema = z.object({
  data: z.array(SponsorCaseSchema),
  meta: PageMetaSchema.extend({
    sponsor: z.object({ id: z.number(), name: z.string(), type: z.string(), amount: z.number(), startDate: z.string(), endDate: z.string(), logo: z.string().nullable() }),
    ngo: z.object({ id: z.number(), name: z.string(), darpanId: z.string().nullable(), logo: z.string().nullable() }),
    /** How the sponsor's cases were chosen: the rule of docs/reports.md#a-sponsors-cases. */
    rule: z.enum(['caseType', 'postOpCare', 'none']),
    summary: z.object({ operated: z.number(), released: z.number(), vaccinated: z.number(), died: z.number() }),
  }),
});
export type SponsorCases = z.infer<typeof SponsorCasesSchema>;
