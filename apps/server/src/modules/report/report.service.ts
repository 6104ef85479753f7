import type { Readable } from 'node:stream';
import QRCode from 'qrcode';
import {
  ABC_COLUMN_GROUPS,
  ABC_COLUMNS,
  CASE_STATUSES,
  SIGNATURE_SLOTS,
  CASE_TYPES,
  COVERAGE_TARGET,
  INTL_LOCALES,
  can,
  tr,
  type AbcColumn,
  type AbcColumnGroup,
  type AbcReport,
  type AbcReportSurvey,
  type Interval,
  type AbcReportInput,
  type CaseStatus,
  type CaseType,
  type DashboardCharts,
  type DashboardChartsInput,
  type MessageKey,
  type SponsorCases,
  type SponsorCasesInput,
} from '@rescuedesk/shared';
import type { CaseRow, NgoRow, SponsorRow } from '../../db/schema';
import type { NgoScope } from '../../db/scope';
import type { UnitOfWork } from '../../db/unit-of-work';
import { NotFoundError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { activeLanguage } from '../../lib/i18n';
import { listScope, recordScope } from '../../lib/tenancy';
import type { AuditRepository } from '../audit/audit.repository';
import type { CommitteeRepository, VersionWithSignatures } from '../committee/committee.repository';
import type { ImageService } from '../image/image.service';
import type { NgoRepository } from '../ngo/ngo.repository';
import type { SponsorRepository } from '../sponsor/sponsor.repository';
import { hashed, signedContentOf } from '../committee/report-content';
import { monthRange, tallyRows, wardKey, type AbcCase, type MonthRange } from './abc-report';
import { reconcileMonth, reconciliationLines } from '../stock/reconciliation';
import type { StockRepository } from '../stock/stock.repository';
import type { SurveyRepository } from '../survey/survey.repository';
import { estimatesOf } from '../survey/survey.service';
import { renderAbcReportPdf, type AbcPdfSigning, type AbcPdfTexts } from './abc-report-pdf';
import { registerColumns, sponsorCaseColumns, type RegisterRow } from './export-columns';
import type { ExportRepository } from './export.repository';
import { EXPORT_PAGE_ROWS, auditExport, pagesOf, type CsvExport } from './export.service';
import { ZoneClock, localMonthBounds } from './local-months';
import type { ReportRepository, SponsorCaseFilter } from './report.repository';

type Repos = { reports: ReportRepository; exports: ExportRepository; ngos: NgoRepository; sponsors: SponsorRepository; surveys: SurveyRepository; audit: AuditRepository; committee: CommitteeRepository; stock: StockRepository };

/** Months on the dashboard's monthly charts. */
const CHART_MONTHS = 12;
/** Pixels of the logo printed on the report (about 2 cm at 150 dpi). */
const LOGO_WIDTH = 160;

/** A report's NGO and where its rows come from: the scope, and the NGOs it covers. */
interface ReportScope {
  scope: NgoScope;
  ngoIds: number[];
  ngo: NgoRow | undefined;
}

/**
 * Reports (docs/reports.md): the monthly ABC report as data, PDF and per-dog register; the dashboard's
 * charts; a sponsor's cases. An Admin may report on any NGO or on all of them; anyone else on their own.
 * Downloads are audited like exports.
 */
export class ReportService {
  constructor(
    private readonly uow: UnitOfWork<Repos>,
    private readonly images: ImageService,
    /** The NGOs' time zone (config TIME_ZONE), for the times written in its files. */
    private readonly timeZone: string,
  ) {}

  /** The month's report; a locked month's (docs/reports.md#signing-the-monthly-report) from its signed version. */
  async abcReport(actor: Actor, input: AbcReportInput): Promise<AbcReport> {
    const target = await this.reportScope(actor, input.ngoId);
    return (await this.signedAbcReport(target, input))?.report ?? this.buildAbcReport(target, input);
  }

  /** The month's report computed from the data as it stands, locked or not: what a signature is checked against. */
  async liveAbcReport(actor: Actor, input: AbcReportInput): Promise<AbcReport> {
    return this.buildAbcReport(await this.reportScope(actor, input.ngoId), input);
  }

  /** The report as a PDF, in the reader's language, audited as a download; a signed version carries its signatures and verification QR. */
  async abcReportPdf(actor: Actor, input: AbcReportInput, origin: string): Promise<{ fileName: string; body: Readable }> {
    const target = await this.reportScope(actor, input.ngoId);
    const signed = await this.signedAbcReport(target, input);
    const report = signed?.report ?? (await this.buildAbcReport(target, input));
    const version = signed?.version ?? (await this.versionOfFigures(target, input, report));
    await auditExport(this.uow.repos.audit, actor, target.scope, 'abcReportPdf', report.rows.length, { month: input.month, ward: input.ward });
    const logo = target.ngo?.logo ? await this.images.forDocument(actor, target.ngo.id, target.ngo.logo, LOGO_WIDTH) : undefined;
    const language = activeLanguage();
    const numbers = new Intl.NumberFormat(INTL_LOCALES[language], { maximumFractionDigits: 1 });
    const signing = version ? await pdfSigning(version, origin, language) : undefined;
    // The stock used against the vaccinations and operations on cases, as counted now (docs/stock.md#the-abc-report-reconciles): printed, not part of a signed version.
    const stock = reconciliationLines(await reconcileMonth(this.uow.repos, target.scope, input.month), (n) => numbers.format(n));
    const doc = renderAbcReportPdf({ report, texts: { ...this.pdfTexts(actor, report, language), stock }, logo, formatNumber: (n) => numbers.format(n), signing });
    return { fileName: `abc-report-${input.month}${target.ngo ? `-ngo-${target.ngo.id}` : ''}.pdf`, body: doc };
  }

  /** The report's dogs, one row each (the project's case register), as CSV. */
  async abcRegister(actor: Actor, input: AbcReportInput, origin: string): Promise<CsvExport> {
    const target = await this.reportScope(actor, input.ngoId);
    const month = monthRange(input.month);
    const { reports, exports } = this.uow.repos;
    const ward = input.ward === undefined ? undefined : wardKey(input.ward);
    const inWard = (c: AbcCase) => ward === undefined || wardKey(c.ward_zone) === ward;
    // The month's dogs as ids (a few thousand numbers), then read whole a page at a time with their log's length.
    const ids = (await reports.abcCases(target.scope, target.ngoIds, month)).filter(inWard).map((c) => c.id);
    await auditExport(this.uow.repos.audit, actor, target.scope, 'abcRegister', ids.length, { month: input.month, ward: input.ward });
    const context = { personal: can(actor.role, 'export.personal'), origin, userNames: await exports.userNames(target.scope), ngoNames: await exports.ngoNames(target.scope), timeZone: this.timeZone };
    const columns = registerColumns(context);
    let next = 0;
    const nextPage = async (): Promise<RegisterRow[]> => {
      const page = ids.slice(next, next + EXPORT_PAGE_ROWS);
      next += page.length;
      if (page.length === 0) return [];
      const postOpDays = await exports.postOpDayCounts(target.scope, page);
      return (await reports.casesById(target.scope, page)).map((r) => ({ ...r, post_op_days: postOpDays.get(r.id) ?? 0 }));
    };
    return { fileName: `abc-register-${input.month}.csv`, rows: ids.length, body: pagesOf(columns, nextPage) };
  }

  /** The dashboard's charts: twelve months of cases by status and of surgeries by sex; cases by type; outcomes. */
  async charts(actor: Actor, input: DashboardChartsInput): Promise<DashboardCharts> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const { reports } = this.uow.repos;
    const ngoIds = scope === 'all' ? await reports.ngoIds('all') : [scope];
    // The user's calendar (the schema let only a zone Intl knows through); an older client sends none: UTC's.
    const clock = input.timeZone === undefined ? undefined : new ZoneClock(input.timeZone);
    const end = input.endMonth ?? (clock ? clock.monthOf(Date.now()) : new Date().toISOString().slice(0, 7));
    const months = monthsEndingAt(end, CHART_MONTHS);
    const from = `${months[0]}-01`;
    const to = monthRange(end).to;
    const local = clock ? localMonthBounds(clock, months) : { bounds: [], days: [] };

    const [byDay, undated, surgeries, counts, deaths] = await Promise.all([
      reports.casesByDayAndStatus(scope, ngoIds, from, to),
      reports.undatedCasesOnDays(scope, ngoIds, local.days, local.bounds),
      reports.surgeriesByDay(scope, ngoIds, from, to),
      reports.countsByTypeAndStatus(scope),
      reports.deathsByStatus(scope, ngoIds),
    ]);

    const byMonth = new Map(months.map((m) => [m, Object.fromEntries(CASE_STATUSES.map((s) => [s, 0])) as Record<CaseStatus, number>]));
    const add = (monthText: string | undefined, status: string, n: number) => {
      const month = monthText === undefined ? undefined : byMonth.get(monthText);
      if (month && status in month) month[status as CaseStatus] += n;
    };
    // A case counts in the month of its reported date (a plain date, as entered), else of the UTC day it was created...
    for (const r of byDay) add(r.day.slice(0, 7), r.status, r.n);
    // ...moved, for the few created near a month's start, to the month of the user's calendar (slot i: months[i - 1]).
    for (const r of undated) {
      add(r.utcMonth, r.status, -r.n);
      add(months[r.slot - 1], r.status, r.n);
    }
    const surgeryMonths = new Map(months.map((m) => [m, { month: m, male: 0, female: 0 }]));
    for (const r of surgeries) {
      const month = surgeryMonths.get(r.day.slice(0, 7));
      if (month && r.gender === 'Male') month.male += r.n;
      if (month && r.gender === 'Female') month.female += r.n;
    }
    const casesByType = Object.fromEntries(CASE_TYPES.map((t) => [t, 0])) as Record<CaseType, number>;
    let total = 0;
    let releasedStatus = 0;
    for (const r of counts) {
      casesByType[r.type as CaseType] += r.n;
      total += r.n;
      if (r.status === 'Released') releasedStatus += r.n;
    }
    const died = deaths.reduce((sum, r) => sum + r.n, 0);
    const diedReleased = deaths.filter((r) => r.status === 'Released').reduce((sum, r) => sum + r.n, 0);
    const released = releasedStatus - diedReleased;
    return {
      months,
      casesByMonth: months.map((m) => ({ month: m, counts: byMonth.get(m)! })),
      casesByType,
      outcomes: { released, died, inCare: Math.max(0, total - released - died) },
      surgeriesByMonth: months.map((m) => surgeryMonths.get(m)!),
    };
  }

  /** A page of the cases linked to a sponsor (docs/reports.md#a-sponsors-cases), with the NGO and a summary. */
  async sponsorCases(actor: Actor, input: SponsorCasesInput): Promise<SponsorCases> {
    const { sponsor, ngo, filter } = await this.sponsorScope(actor, input.sponsorId);
    const { reports } = this.uow.repos;
    const meta = {
      page: input.page,
      pageSize: input.pageSize,
      sponsor: { id: sponsor.id, name: sponsor.name, type: sponsor.type, amount: sponsor.amount, startDate: sponsor.start_date, endDate: sponsor.end_date, logo: sponsor.logo },
      ngo: { id: ngo.id, name: ngo.name, darpanId: ngo.darpan_id, logo: ngo.logo },
    };
    if (!filter) return { data: [], meta: { ...meta, total: 0, rule: 'none', summary: { operated: 0, released: 0, vaccinated: 0, died: 0 } } };
    const { total, ...summary } = await reports.sponsorSummary(filter);
    const rows = await reports.sponsorCases(filter, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize });
    return {
      data: rows.map((r) => ({
        id: r.id,
        type: r.type as CaseType,
        status: r.status as CaseStatus,
        uniqueID: r.unique_id,
        reportedDate: r.reported_date,
        wardZone: r.ward_zone,
        animalSpecies: r.animal_species,
        animalGender: r.animal_gender,
        operationDate: r.operation_date,
        releaseDate: r.release_date,
        deathDate: r.death_date,
      })),
      meta: { ...meta, total, rule: filter.rule, summary },
    };
  }

  /** Every case linked to a sponsor, as CSV. */
  async sponsorCasesCsv(actor: Actor, sponsorId: number): Promise<CsvExport> {
    const { sponsor, filter } = await this.sponsorScope(actor, sponsorId);
    const { reports } = this.uow.repos;
    const rows = filter ? (await reports.sponsorSummary(filter)).total : 0;
    await auditExport(this.uow.repos.audit, actor, sponsor.ngo_id, 'sponsorCases', rows, { sponsor: sponsor.id });
    const body = pagesOf(sponsorCaseColumns(), async (last: CaseRow | undefined) => {
      if (!filter) return [];
      return reports.casesById(sponsor.ngo_id, await reports.sponsorCaseIds(filter, last?.id ?? 0, EXPORT_PAGE_ROWS));
    });
    return { fileName: `sponsor-${sponsor.id}-cases.csv`, rows, body };
  }

  /** A locked month of one NGO (the whole NGO, no ward filter): the newest version signed in every place, as it was signed. */
  private async signedAbcReport(target: ReportScope, input: AbcReportInput): Promise<{ report: AbcReport; version: VersionWithSignatures } | undefined> {
    if (!target.ngo || input.ward !== undefined) return undefined;
    const versions = await this.uow.repos.committee.versions(target.ngo.id, input.month);
    const version = versions.find((v) => v.signatures.length === SIGNATURE_SLOTS.length);
    if (!version) return undefined;
    const content = JSON.parse(version.content) as Omit<AbcReport, 'ngo'> & { ngo: Omit<NonNullable<AbcReport['ngo']>, 'logo'> };
    return { report: { ...content, ngo: { ...content.ngo, logo: target.ngo.logo }, signed: { id: version.public_id, version: version.version, contentHash: version.content_hash } }, version };
  }

  /** The newest version of the month when it holds exactly these figures (partly signed): printed with its signatures so far. */
  private async versionOfFigures(target: ReportScope, input: AbcReportInput, report: AbcReport): Promise<VersionWithSignatures | undefined> {
    if (!target.ngo || input.ward !== undefined) return undefined;
    const latest = await this.uow.repos.committee.latest(target.ngo.id, input.month);
    return latest && latest.content_hash === hashed(signedContentOf(report)).hash ? latest : undefined;
  }

  private async buildAbcReport(target: ReportScope, input: AbcReportInput): Promise<AbcReport> {
    const month = monthRange(input.month);
    const ward = input.ward === undefined ? undefined : wardKey(input.ward);
    const inWard = (c: { ward_zone: string | null }) => ward === undefined || wardKey(c.ward_zone) === ward;
    const { reports } = this.uow.repos;
    const ids = await reports.abcCaseIds(target.scope, target.ngoIds, month);
    const cases = (await reports.abcCasesById(target.scope, ids)).filter(inWard);
    const speciesNotRecorded = (await reports.sterilizationsWithoutSpecies(target.scope, ids)).filter(inWard).map((c) => c.id);
    const names = target.ngo ? undefined : await this.uow.repos.exports.ngoNames(target.scope);
    const { rows, total } = tallyRows(cases, month, (c) => (names ? { key: String(c.ngo_id), label: names.get(c.ngo_id) ?? `#${c.ngo_id}` } : { key: wardKey(c.ward_zone), label: c.ward_zone?.trim() || null }));
    const ngo = target.ngo;
    return {
      month: input.month,
      ngo: ngo ? { id: ngo.id, name: ngo.name, darpanId: ngo.darpan_id, logo: ngo.logo, releaseThresholdM: ngo.release_threshold_m } : null,
      ward: input.ward ?? null,
      rowsAre: ngo ? 'wards' : 'ngos',
      rows,
      total,
      speciesNotRecorded,
      surveys: ngo ? await this.monthSurveys(ngo.id, month, ward) : [],
    };
  }

  /** The NGO's coverage surveys walked in the month (in the ward asked for, if one was), each with its estimate. */
  private async monthSurveys(ngoId: number, month: MonthRange, ward: string | undefined): Promise<AbcReportSurvey[]> {
    const { surveys } = this.uow.repos;
    const rows = await surveys.surveysWithCounts(ngoId, { from: month.from, before: month.to });
    const shown: AbcReportSurvey[] = [];
    for (const wardId of [...new Set(rows.map((r) => r.ward_id))]) {
      const wardRow = await surveys.findWard(ngoId, wardId);
      if (!wardRow || (ward !== undefined && wardKey(wardRow.name) !== ward)) continue;
      const estimates = await estimatesOf(surveys, wardRow, rows.filter((r) => r.ward_id === wardId));
      shown.push(...estimates.map((survey) => ({ ...survey, wardName: wardRow.name })));
    }
    return shown.sort((a, b) => a.surveyDate.localeCompare(b.surveyDate) || a.id - b.id);
  }

  /** The NGO a report is about: an Admin's choice (none: every NGO), anyone else's own. */
  private async reportScope(actor: Actor, ngoId: number | undefined): Promise<ReportScope> {
    const { ngos, reports } = this.uow.repos;
    const scope = await listScope(actor, { ngoId }, ngos);
    if (scope === 'all') return { scope, ngoIds: await reports.ngoIds('all'), ngo: undefined };
    return { scope, ngoIds: [scope], ngo: await ngos.findInScope(scope, scope) };
  }

  private async sponsorScope(actor: Actor, sponsorId: number): Promise<{ sponsor: SponsorRow; ngo: NgoRow; filter: SponsorCaseFilter | undefined }> {
    const sponsor = await this.uow.repos.sponsors.findInScope(recordScope(actor), sponsorId);
    if (!sponsor) throw new NotFoundError(tr('error.sponsorNotFound'));
    const ngo = await this.uow.repos.ngos.findInScope(sponsor.ngo_id, sponsor.ngo_id);
    if (!ngo) throw new NotFoundError(tr('error.sponsorNotFound'));
    return { sponsor, ngo, filter: sponsorFilter(sponsor) };
  }

  private pdfTexts(actor: Actor, report: AbcReport, language: ReturnType<typeof activeLanguage>) {
    const [year, month] = report.month.split('-').map(Number) as [number, number];
    const monthName = new Intl.DateTimeFormat(INTL_LOCALES[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 1));
    const generatedAt = new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date());
    const groups = Object.fromEntries(ABC_COLUMN_GROUPS.map((g) => [g.group, tr(`reports.abc.group.${g.group}` as MessageKey)])) as Record<AbcColumnGroup, string>;
    const columns = Object.fromEntries(ABC_COLUMNS.map((c) => [c, tr(`reports.abc.column.${c}` as MessageKey)])) as Record<AbcColumn, string>;
    const ngo = report.ngo;
    return {
      title: tr('reports.abc.title'),
      month: monthName,
      ngoName: ngo?.name ?? tr('reports.abc.allNgos'),
      darpan: ngo ? tr('reports.pdf.darpanId', { id: ngo.darpanId ?? '—' }) : null,
      ward: report.ward ? tr('reports.pdf.ward', { ward: report.ward }) : null,
      limit: ngo ? tr('reports.pdf.limit', { metres: ngo.releaseThresholdM }) : null,
      rowHeader: report.rowsAre === 'ngos' ? tr('field.ngo') : tr('field.wardZone'),
      noWard: tr('reports.abc.noWard'),
      total: tr('reports.abc.total'),
      groups,
      columns,
      definitions: tr('reports.pdf.definitions'),
      speciesNotRecorded: speciesNotRecordedText(report.speciesNotRecorded),
      stock: null,
      surveys: surveysText(report.surveys, language),
      signatures: [tr('reports.pdf.signature.projectVet'), tr('reports.pdf.signature.municipalVet'), tr('reports.pdf.signature.dvo')] as const,
      signatureHint: tr('reports.pdf.signature.hint'),
      generated: tr('reports.pdf.generated', { date: generatedAt, name: actor.name }),
      page: (page: number, pages: number) => tr('reports.pdf.page', { page, pages }),
    };
  }
}

/**
 * Which cases a sponsorship pays for (docs/reports.md#a-sponsors-cases): cases of the sponsor's NGO
 * whose type is the sponsorship's type, reported within its dates; for post-operative care, cases
 * whose post-operative care began within them. Adoption and Other name no kind of case.
 */
export function sponsorFilter(sponsor: SponsorRow): SponsorCaseFilter | undefined {
  const base = { ngoId: sponsor.ngo_id, from: sponsor.start_date, to: sponsor.end_date };
  if ((CASE_TYPES as readonly string[]).includes(sponsor.type)) return { ...base, rule: 'caseType', caseType: sponsor.type };
  if (sponsor.type === 'Post Op Care') return { ...base, rule: 'postOpCare' };
  return undefined;
}

/** The signed version's part of the PDF: who signed each block and when, its hash, and the QR of its public verification page. */
async function pdfSigning(version: VersionWithSignatures, origin: string, language: ReturnType<typeof activeLanguage>): Promise<AbcPdfSigning> {
  const at = new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
  const url = `${origin}/verify/${version.public_id}`;
  const [vet, municipal, district] = SIGNATURE_SLOTS.map((slot) => {
    const s = version.signatures.find((sig) => sig.slot === slot);
    return s ? tr('committee.pdf.signedBy', { name: s.name, designation: s.designation || tr(`committee.slot.${slot}`), time: at.format(new Date(s.signed_at)) }) : null;
  });
  const lines = [tr('committee.pdf.version', { version: version.version, hash: version.content_hash }), tr('committee.pdf.verify', { url })];
  if (version.signatures.length < SIGNATURE_SLOTS.length) lines.push(tr('committee.pdf.notLocked'));
  return { signedBy: [vet ?? null, municipal ?? null, district ?? null], lines, qr: await QRCode.toBuffer(url, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' }) };
}

/** `count` months ending with `end` (YYYY-MM), oldest first. */
export function monthsEndingAt(end: string, count: number): string[] {
  const [year, month] = end.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

/** The printed report's lines of the month's coverage surveys (docs/coverage.md), or null when none was walked. */
function surveysText(surveys: readonly AbcReportSurvey[], language: ReturnType<typeof activeLanguage>): AbcPdfTexts['surveys'] {
  if (surveys.length === 0) return null;
  const locale = INTL_LOCALES[language];
  const whole = (n: number | null | undefined) => (n === null || n === undefined ? '–' : new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n));
  const percent = (n: number | null | undefined) => (n === null || n === undefined ? '–' : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(n));
  const ranged = (value: string, interval: Interval | null, format: (n: number) => string) => (value === '–' || interval === null ? value : `${value} (${format(interval.lower)}–${format(interval.upper)})`);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    title: tr('reports.abc.surveys.title'),
    lines: surveys.map((s) =>
      tr('reports.pdf.survey', {
        ward: s.wardName,
        date: date.format(Date.parse(`${s.surveyDate}T00:00:00Z`)),
        counted: whole(s.counted),
        notched: whole(s.notched),
        marked: whole(s.estimate.marked),
        population: ranged(whole(s.estimate.population), s.estimate.populationInterval, whole),
        share: ranged(percent(s.estimate.shareSterilised), s.estimate.shareSterilisedInterval, percent),
        vaccinated: ranged(percent(s.estimate.shareVaccinated), s.estimate.shareVaccinatedInterval, percent),
      }),
    ),
    note: tr('reports.abc.surveys.note', { target: percent(COVERAGE_TARGET) }),
  };
}

/** How many case numbers the printed report names of those not counted for want of a species. */
const SPECIES_NUMBERS = 30;

/** The printed report's note of the sterilisation cases not counted for want of a species, or null. */
function speciesNotRecordedText(ids: readonly number[]): string | null {
  if (ids.length === 0) return null;
  const numbers = ids.slice(0, SPECIES_NUMBERS).map((id) => `#${id}`);
  if (ids.length > SPECIES_NUMBERS) numbers.push(tr('reports.abc.andMore', { count: ids.length - SPECIES_NUMBERS }));
  return `${tr('reports.abc.speciesNotRecordedTitle', { count: ids.length })}: ${numbers.join(', ')}. ${tr('reports.abc.speciesNotRecorded')}`;
}
