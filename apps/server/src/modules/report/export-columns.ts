import { CASE_STEP_TABLE, stepFields, tr, vetNotInDirectory, type MessageKey } from '@rescuedesk/shared';
import type { CaseRow, NgoRow, ReporterRow, SponsorRow, VetRow } from '../../db/schema';
import { parseIdList, parseList } from '../../lib/json-list';
import { daysBetween } from './abc-report';
import { localDateTime, zonedHeader, type CsvColumn } from './csv';
import type { NamedRow, UserExportRow } from './export.repository';

/**
 * The columns of each CSV export, with headings in the reader's language (worked out when the
 * export starts, in the request's language). Values are written as stored: option values stay in
 * English, as in the database (docs/decisions/008), dates as YYYY-MM-DD.
 *
 * Personal data (docs/reports.md#who-sees-what) - phone numbers, email addresses and identity
 * documents - is in a column only when the reader's role may export it (`personal`).
 */

/** Step fields that hold a person's contact details. */
const PERSONAL_CASE_FIELDS = new Set(['reporterContact', 'reporterAltContact', 'reporterEmail']);
/** Step fields that hold identity documents (the reporter's ID and consent form). */
const IDENTITY_CASE_FIELDS = new Set(['consentFormImage', 'verificationIdFrontImage', 'verificationIdBackImage']);

export interface ExportContext {
  personal: boolean;
  /** The app's address as the reader reached it, so document links open from the spreadsheet. */
  origin: string;
  userNames: ReadonlyMap<number, string>;
  ngoNames: ReadonlyMap<number, string>;
  /** The NGOs' time zone (config TIME_ZONE): times are written on its clock, named in the heading. */
  timeZone: string;
}

/** The "Created at" column: the stored UTC moment as a local date and time of the NGOs' zone. */
function createdAtColumn<T>(ctx: ExportContext, createdAt: (row: T) => string | null): CsvColumn<T> {
  const local = localDateTime(ctx.timeZone);
  return { header: zonedHeader(tr('reports.csv.createdAt'), ctx.timeZone), value: (r) => local(createdAt(r)) };
}

const label = (key: string) => tr(key as MessageKey);

/** Links to stored images (opened with the reader's session; identity documents are logged when viewed). */
function imageLinks(origin: string, ngoId: number | null, names: readonly string[]): string {
  return names.map((name) => `${origin}/api/image/getImage/${ngoId ?? 'platform'}/${name}`).join(' ');
}

function storedNames(value: unknown): string[] {
  if (typeof value !== 'string' || value === '') return [];
  return value.startsWith('[') ? parseList(value) : [value];
}

/** A case of the CSV export as read: the values of `CaseExport.reads`, in that order (see CaseRepository.exportPage). */
export type CaseExportRow = readonly unknown[];

/** The case export's columns, and the columns of the cases table they are written from. */
export interface CaseExport {
  /** The cases table's columns to read, each once: `id` first (the export pages by it), then `created_by`. */
  reads: (keyof CaseRow)[];
  columns: CsvColumn<CaseExportRow>[];
}

/** The operation's vet as exported: a name typed rather than chosen from the vet directory says so. */
function vetShown(vetName: string | null, vetId: number | null): string | null {
  if (vetName === null) return null;
  return vetNotInDirectory({ vetName, vetId }) ? tr('cases.step.vetNameNotInDirectory', { name: vetName }) : vetName;
}

/** Where the export's rows hold the case's id and its creator's id (the first two of `reads`). */
export const CASE_EXPORT_ID = 0;
export const CASE_EXPORT_CREATED_BY = 1;

/**
 * Every case column of the step table a spreadsheet can hold, then what the server works out.
 * `creatorName` names the user who created the case, as stored in `created_by`.
 */
export function caseColumns(ctx: ExportContext, creatorName: (userId: number) => string | null): CaseExport {
  const reads: (keyof CaseRow)[] = [];
  /** The index of a column of the cases table in the rows read, reading it if no export column did yet. */
  const at = (column: keyof CaseRow): number => {
    const index = reads.indexOf(column);
    return index >= 0 ? index : reads.push(column) - 1;
  };
  const value = (column: keyof CaseRow) => {
    const i = at(column);
    return (r: CaseExportRow) => r[i] as string | number | null;
  };
  const id = at('id');
  const createdBy = at('created_by');
  const ngo = at('ngo_id');
  const createdAtAt = at('created_at');
  const columns: CsvColumn<CaseExportRow>[] = [
    { header: tr('reports.csv.caseId'), value: (r) => r[id] as number },
    { header: tr('field.ngo'), value: (r) => ctx.ngoNames.get(r[ngo] as number) ?? null },
    { header: tr('field.type'), value: value('type') },
    { header: tr('field.statusShort'), value: value('status') },
    { header: tr('field.mortalityShort'), value: value('mortality') },
    { header: tr('field.causeOfFailure'), value: value('cause_of_failure') },
    createdAtColumn(ctx, (r) => r[createdAtAt] as string | null),
    { header: tr('reports.csv.createdBy'), value: (r) => (r[createdBy] === null ? null : creatorName(r[createdBy] as number)) },
  ];
  for (const step of CASE_STEP_TABLE) {
    for (const [field, definition] of stepFields(step.key)) {
      const column = definition.column as keyof CaseRow;
      const header = label(`field.${field}`);
      if (PERSONAL_CASE_FIELDS.has(field)) {
        if (ctx.personal) columns.push({ header, value: value(column) });
      } else if (IDENTITY_CASE_FIELDS.has(field)) {
        if (ctx.personal) {
          const i = at(column);
          columns.push({ header, value: (r) => imageLinks(ctx.origin, r[ngo] as number | null, storedNames(r[i])) || null });
        }
      } else if (definition.kind === 'userList') {
        const i = at(column);
        columns.push({ header, value: (r) => parseIdList(r[i] as string).map((userId) => ctx.userNames.get(userId) ?? `#${userId}`).join('; ') || null });
      } else if (field === 'vetId') {
        // The link itself means nothing in a spreadsheet: the vet's name column carries the mark.
        continue;
      } else if (field === 'vetName') {
        const name = at('vet_name');
        const link = at('vet_id');
        columns.push({ header, value: (r) => vetShown(r[name] as string | null, r[link] as number | null) });
      } else if (definition.kind === 'text' || definition.kind === 'number') {
        columns.push({ header, value: value(column) });
      }
      // Photo lists are left out: a spreadsheet cannot show them, and the case sheet prints them.
    }
  }
  const flagged = at('release_flagged');
  columns.push({ header: tr('field.releaseDistanceM'), value: value('release_distance_m') }, { header: tr('field.releaseFlagged'), value: (r) => r[flagged] === 1 });
  return { reads, columns };
}

/** The per-dog register of the ABC report: capture, fitness, surgery, vaccine and release of each dog. */
export type RegisterRow = CaseRow & { post_op_days: number };

export function registerColumns(ctx: ExportContext): CsvColumn<RegisterRow>[] {
  const f = (key: string, value: (r: RegisterRow) => string | number | boolean | null): CsvColumn<RegisterRow> => ({ header: label(key), value });
  return [
    f('reports.csv.caseId', (r) => r.id),
    f('field.ngo', (r) => ctx.ngoNames.get(r.ngo_id) ?? null),
    f('field.uniqueID', (r) => r.unique_id),
    f('field.collarTag', (r) => r.collar_tag),
    f('field.wardZone', (r) => r.ward_zone),
    f('field.captureDate', (r) => r.capture_date),
    f('field.captureTime', (r) => r.capture_time),
    f('field.captureLatitude', (r) => r.capture_latitude),
    f('field.captureLongitude', (r) => r.capture_longitude),
    f('field.captureAccuracy', (r) => r.capture_accuracy),
    f('field.catchingSquad', (r) => parseIdList(r.catching_squad).map((id) => ctx.userNames.get(id) ?? `#${id}`).join('; ') || null),
    f('field.animalGender', (r) => r.animal_gender),
    f('field.animalAge', (r) => r.animal_age),
    f('field.animalPregnant', (r) => r.animal_pregnant),
    f('field.animalLactating', (r) => r.animal_lactating),
    f('field.admissionDate', (r) => r.admission_date),
    f('field.fitForSurgery', (r) => r.fit_for_surgery),
    f('field.unfitReason', (r) => r.unfit_reason),
    f('field.vetName', (r) => vetShown(r.vet_name, r.vet_id)),
    f('field.operationDate', (r) => r.operation_date),
    f('field.operationOutcome', (r) => r.operation_outcome),
    f('field.surgeryCancelled', (r) => r.surgery_cancelled),
    f('field.cancelReason', (r) => r.cancel_reason),
    f('field.earNotch', (r) => r.ear_notch),
    f('field.vaccineName', (r) => r.vaccine_name),
    f('field.vaccineBatch', (r) => r.vaccine_batch),
    f('field.vaccineExpiry', (r) => r.vaccine_expiry),
    f('field.vaccinationDate', (r) => r.vaccination_date),
    f('reports.csv.postOpDays', (r) => r.post_op_days),
    f('field.releaseDate', (r) => r.release_date),
    f('field.releaseTime', (r) => r.release_time),
    f('field.releaseLatitude', (r) => r.release_latitude),
    f('field.releaseLongitude', (r) => r.release_longitude),
    f('field.releaseDistanceM', (r) => r.release_distance_m),
    f('field.releaseFlagged', (r) => r.release_flagged === 1),
    f('field.releaseOverrideReason', (r) => r.release_override_reason),
    f('field.deathDate', (r) => r.death_date),
    f('field.deathTiming', (r) => r.death_timing),
    f('field.deathCause', (r) => r.death_cause),
    f('reports.csv.daysToRelease', (r) => (r.capture_date && r.release_date ? daysBetween(r.capture_date, r.release_date) : null)),
  ];
}

/** Columns that only some readers get: kept when `personal` is true. */
function withPersonal<T>(personal: boolean, columns: ReadonlyArray<CsvColumn<T> & { personal?: boolean }>): CsvColumn<T>[] {
  return columns.filter((c) => personal || !c.personal);
}

export function userColumns(ctx: ExportContext): CsvColumn<UserExportRow>[] {
  return withPersonal(ctx.personal, [
    { header: tr('reports.csv.id'), value: (r) => r.id },
    { header: tr('field.name'), value: (r) => r.name },
    { header: tr('field.username'), value: (r) => r.username },
    { header: tr('field.email'), value: (r) => r.email, personal: true },
    { header: tr('field.contact'), value: (r) => r.contact, personal: true },
    { header: tr('field.role'), value: (r) => r.role },
    { header: tr('field.ngo'), value: (r) => r.ngo_name },
    { header: tr('reports.csv.accountStatus'), value: (r) => (r.deactivated_at ? tr('reports.csv.deactivated') : tr('reports.csv.active')) },
    { header: tr('field.verificationId'), value: (r) => imageLinks(ctx.origin, r.ngo_id, parseList(r.verification_id)) || null, personal: true },
    createdAtColumn(ctx, (r) => r.created_at),
  ]);
}

export function ngoColumns(ctx: ExportContext): CsvColumn<NgoRow>[] {
  return withPersonal(ctx.personal, [
    { header: tr('reports.csv.id'), value: (r) => r.id },
    { header: tr('field.ngoName'), value: (r) => r.name },
    { header: tr('field.darpanId'), value: (r) => r.darpan_id },
    { header: tr('field.helpline'), value: (r) => r.helpline, personal: true },
    { header: tr('field.altHelpline'), value: (r) => r.alt_helpline, personal: true },
    { header: tr('field.ngoEmail'), value: (r) => r.email, personal: true },
    { header: tr('field.website'), value: (r) => r.website },
    { header: tr('field.releaseThresholdM'), value: (r) => r.release_threshold_m },
    { header: tr('field.regCert'), value: (r) => imageLinks(ctx.origin, r.id, parseList(r.reg_cert)) || null, personal: true },
    { header: tr('field.panCard'), value: (r) => imageLinks(ctx.origin, r.id, parseList(r.pan_card)) || null, personal: true },
    createdAtColumn(ctx, (r) => r.created_at),
  ]);
}

export function reporterColumns(ctx: ExportContext): CsvColumn<NamedRow<ReporterRow>>[] {
  return withPersonal(ctx.personal, [
    { header: tr('reports.csv.id'), value: (r) => r.id },
    { header: tr('field.ngo'), value: (r) => r.ngo_name },
    { header: tr('field.reporterRecordName'), value: (r) => r.name },
    { header: tr('field.contact'), value: (r) => r.contact, personal: true },
    { header: tr('field.reporterAltContact'), value: (r) => r.alternate_contact, personal: true },
    { header: tr('field.emailId'), value: (r) => r.email, personal: true },
    { header: tr('field.verificationId'), value: (r) => imageLinks(ctx.origin, r.ngo_id, parseList(r.verification_id)) || null, personal: true },
    createdAtColumn(ctx, (r) => r.created_at),
  ]);
}

export function vetColumns(ctx: ExportContext): CsvColumn<NamedRow<VetRow>>[] {
  return withPersonal(ctx.personal, [
    { header: tr('reports.csv.id'), value: (r) => r.id },
    { header: tr('field.ngo'), value: (r) => r.ngo_name },
    { header: tr('field.vetRecordName'), value: (r) => r.name },
    { header: tr('field.regId'), value: (r) => r.reg_id },
    { header: tr('field.vetCertification'), value: (r) => imageLinks(ctx.origin, r.ngo_id, parseList(r.vet_certification)) || null, personal: true },
    { header: tr('field.verificationId'), value: (r) => imageLinks(ctx.origin, r.ngo_id, parseList(r.verification_id)) || null, personal: true },
    createdAtColumn(ctx, (r) => r.created_at),
  ]);
}

export function sponsorColumns(): CsvColumn<NamedRow<SponsorRow>>[] {
  return [
    { header: tr('reports.csv.id'), value: (r) => r.id },
    { header: tr('field.ngo'), value: (r) => r.ngo_name },
    { header: tr('field.sponsorName'), value: (r) => r.name },
    { header: tr('field.sponsorType'), value: (r) => r.type },
    { header: tr('field.amount'), value: (r) => r.amount },
    { header: tr('field.startDate'), value: (r) => r.start_date },
    { header: tr('field.endDate'), value: (r) => r.end_date },
  ];
}

/** A sponsor's cases, as the printed list shows them: no personal data. */
export function sponsorCaseColumns(): CsvColumn<CaseRow>[] {
  const f = (key: string, value: (r: CaseRow) => string | number | null): CsvColumn<CaseRow> => ({ header: label(key), value });
  return [
    f('reports.csv.caseId', (r) => r.id),
    f('field.uniqueID', (r) => r.unique_id),
    f('field.type', (r) => r.type),
    f('field.statusShort', (r) => r.status),
    f('field.reportedDate', (r) => r.reported_date),
    f('field.wardZone', (r) => r.ward_zone),
    f('field.animalSpecies', (r) => r.animal_species),
    f('field.animalGender', (r) => r.animal_gender),
    f('field.operationDate', (r) => r.operation_date),
    f('field.vaccinationDate', (r) => r.vaccination_date),
    f('field.popStartDate', (r) => r.pop_start_date),
    f('field.releaseDate', (r) => r.release_date),
    f('field.deathDate', (r) => r.death_date),
  ];
}
