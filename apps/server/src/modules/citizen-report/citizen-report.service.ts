import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  CITIZEN_NOTICE_VERSION,
  MAX_ADDED_PHOTOS,
  MAX_ADDITIONS,
  MAX_REPORT_PHOTOS,
  hasVisibleText,
  haversineMetres,
  REPORT_CODE_ALPHABET,
  REPORT_CODE_LENGTH,
  tr,
  type AcceptReportInput,
  type CaseReportAdditions,
  type ReportAddition,
  type ReportAdditionFields,
  type CitizenReportFields,
  type DeclineReportInput,
  type MergeReportInput,
  type IntakeList,
  type IntakeListInput,
  type IntakeReport,
  type ReportNotices,
  type PublicPage,
  type ReportCondition,
  type ReportStatus,
  type SubmittedReport,
  type Tracking,
} from '@rescuedesk/shared';
import QRCode from 'qrcode';
import type { CitizenReportAdditionRow, CitizenReportRow, NgoRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/listing';
import type { UnitOfWork } from '../../db/unit-of-work';
import { ConflictError, NotFoundError, TooManyRequestsError, ValidationError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { parseList } from '../../lib/json-list';
import { recordScope } from '../../lib/tenancy';
import type { RateCounterRepository } from '../auth/rate-counter.repository';
import type { CaseRepos, CaseService } from '../case/case.service';
import type { ImageService } from '../image/image.service';
import { phoneDigits, type NoticeLinks } from '../notice/notice-link';
import type { Altcha } from './altcha';
import type { CitizenReportRepository } from './citizen-report.repository';

/** The case workflow's repositories too: an accepted report's case is made in the same transaction as its claim. */
type Repos = CaseRepos & { reports: CitizenReportRepository; counters: RateCounterRepository };

const HOUR = 60 * 60 * 1000;
/** Reports one connection may send in an hour, and one phone number in a day (shared by every instance). */
export const REPORTS_PER_ADDRESS_PER_HOUR = 5;
export const REPORTS_PER_PHONE_PER_DAY = 3;
/** Code look-ups one connection may make in 15 minutes: 31^8 codes are not worth guessing at this pace. */
export const LOOKUPS_PER_ADDRESS = 20;
const LOOKUP_WINDOW_MS = 15 * 60 * 1000;
/** Additions from the tracking page in an hour: per report, and per connection across reports. */
export const ADDITIONS_PER_REPORT_PER_HOUR = 10;
export const ADDITIONS_PER_ADDRESS_PER_HOUR = 20;
/** A solved challenge is good for one report: kept as spent for longer than a challenge lives. */
const SPENT_CHALLENGE_MS = 60 * 60 * 1000;

export interface SubmittedPhoto {
  data: Buffer;
}

/**
 * The citizen's side (no sign-in: the page's NGO comes from its address, never from the body) and the
 * staff's intake of what citizens sent. A disabled page and an unknown address answer the same 404.
 */
export class CitizenReportService {
  constructor(
    private readonly uow: UnitOfWork<Repos>,
    private readonly deps: { altcha: Altcha; images: ImageService; cases: CaseService; timeZone: string; links: NoticeLinks },
  ) {}

  async page(slug: string): Promise<PublicPage> {
    const ngo = await this.publicNgo(slug);
    return { slug: ngo.public_slug!, ngoName: ngo.name, helpline: ngo.helpline, message: ngo.public_message, noticeVersion: CITIZEN_NOTICE_VERSION };
  }

  async challenge(slug: string) {
    await this.publicNgo(slug);
    return this.deps.altcha.challenge();
  }

  /**
   * Takes a citizen's report. Checked in the order that costs us least: the page, the proof of work,
   * the limits per address and per phone (in the database, so every instance counts together), and
   * only then the photos are decoded and re-encoded.
   */
  async submit(slug: string, fields: CitizenReportFields, photos: readonly SubmittedPhoto[], address: string, baseUrl: string): Promise<SubmittedReport> {
    const ngo = await this.publicNgo(slug);
    if (photos.length > MAX_REPORT_PHOTOS) throw new ValidationError(tr('citizen.error.tooManyPhotos', { max: MAX_REPORT_PHOTOS }));
    const signature = await this.deps.altcha.verify(fields.altcha);
    if (!signature) throw new ValidationError(tr('citizen.error.challenge'));
    const { counters } = this.uow.repos;
    if (!(await counters.take(`altcha:${signature}`, 1, SPENT_CHALLENGE_MS))) throw new ValidationError(tr('citizen.error.challenge'));
    if (!(await counters.take(`citizen-report:ip:${address}`, REPORTS_PER_ADDRESS_PER_HOUR, HOUR))) {
      throw new TooManyRequestsError(tr('citizen.error.tooManyFromAddress', { minutes: 60 }), 3600);
    }
    const phoneKey = `citizen-report:phone:${fields.reporterPhone.replace(/\D/g, '').slice(-10)}`;
    if (!(await counters.take(phoneKey, REPORTS_PER_PHONE_PER_DAY, 24 * HOUR))) {
      throw new TooManyRequestsError(tr('citizen.error.tooManyFromPhone'), 24 * 3600);
    }
    const kept: string[] = [];
    try {
      for (const photo of photos) kept.push(await this.deps.images.keepForNgo(ngo.id, 'AnimalPictures', photo.data));
      const token = randomBytes(16).toString('base64url');
      const now = new Date().toISOString();
      const served = parseList(ngo.service_pincodes);
      const notices = fields.notices === 'none' ? { notice_channel: null, notice_phone: null, notice_link_sealed: null } : { notice_channel: fields.notices, notice_phone: phoneDigits(fields.reporterPhone), notice_link_sealed: this.deps.links.seal(token) };
      const row = await this.uow.transaction(async ({ reports, notices: queue }) => {
        for (let attempt = 0; ; attempt++) {
          try {
            const inserted = await reports.insert({
              ngo_id: ngo.id,
              token_hash: hashOf(token),
              code: newCode(),
              latitude: fields.latitude ?? null,
              longitude: fields.longitude ?? null,
              accuracy_m: fields.accuracy ?? null,
              address: fields.address ?? null,
              pincode: fields.pincode ?? null,
              outside_area: served.length > 0 && fields.pincode !== undefined && !served.includes(fields.pincode) ? 1 : 0,
              animal_type: fields.animalType,
              condition: fields.condition,
              description: fields.description ?? null,
              reporter_name: fields.reporterName,
              reporter_phone: fields.reporterPhone,
              language: fields.language,
              consent_notice_version: CITIZEN_NOTICE_VERSION,
              consent_at: now,
              photos: JSON.stringify(kept),
              ...notices,
            });
            await queue.reached(inserted, 'received');
            return inserted;
          } catch (err) {
            // Two reports drew the same code in one NGO (one in a trillion per pair): draw again.
            if (attempt < 3 && /unique|duplicate/i.test(String((err as Error).message))) continue;
            throw err;
          }
        }
      });
      const trackingPath = `/t/${token}`;
      const qrSvg = await QRCode.toString(new URL(trackingPath, baseUrl).toString(), { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { trackingPath, code: row.code, qrSvg };
    } catch (err) {
      await this.deps.images.discardForNgo(ngo.id, kept).catch(() => undefined);
      throw err;
    }
  }

  /** The tracking page: milestones with dates, the NGO's name and helpline; nothing else. */
  async track(token: string): Promise<Tracking> {
    const row = await this.uow.repos.reports.findByTokenHashAcrossNgos(hashOf(token));
    if (!row) throw new NotFoundError(tr('citizen.error.trackingNotFound'));
    return this.trackingOf(row);
  }

  /** A code read out on the phone, looked up on the NGO's own page; limited per connection. */
  async trackByCode(slug: string, code: string, address: string): Promise<Tracking> {
    const ngo = await this.publicNgo(slug);
    if (!(await this.uow.repos.counters.take(`citizen-lookup:ip:${address}`, LOOKUPS_PER_ADDRESS, LOOKUP_WINDOW_MS))) {
      throw new TooManyRequestsError(tr('citizen.error.tooManyLookups', { minutes: 15 }), LOOKUP_WINDOW_MS / 1000);
    }
    const row = await this.uow.repos.reports.findByCode(ngo.id, code);
    if (!row) throw new NotFoundError(tr('citizen.track.notFound'));
    return this.trackingOf(row, ngo);
  }

  /** A comment or a photo added from the tracking link (docs/citizen-reports.md#adding-to-a-report). */
  async addByToken(token: string, fields: ReportAdditionFields, photo: SubmittedPhoto | undefined, address: string): Promise<Tracking> {
    const row = await this.uow.repos.reports.findByTokenHashAcrossNgos(hashOf(token));
    if (!row) throw new NotFoundError(tr('citizen.error.trackingNotFound'));
    return this.add(row, fields, photo, address);
  }

  /** The same from the code read out on the phone: each try counts as a look-up, so codes are not guessed here either. */
  async addByCode(slug: string, fields: ReportAdditionFields, photo: SubmittedPhoto | undefined, address: string): Promise<Tracking> {
    const ngo = await this.publicNgo(slug);
    if (!(await this.uow.repos.counters.take(`citizen-lookup:ip:${address}`, LOOKUPS_PER_ADDRESS, LOOKUP_WINDOW_MS))) {
      throw new TooManyRequestsError(tr('citizen.error.tooManyLookups', { minutes: 15 }), LOOKUP_WINDOW_MS / 1000);
    }
    const code = (fields.code ?? '').trim().toUpperCase();
    const row = /^[A-Z0-9]{8}$/.test(code) ? await this.uow.repos.reports.findByCode(ngo.id, code) : undefined;
    if (!row) throw new NotFoundError(tr('citizen.track.notFound'));
    return this.add(row, fields, photo, address);
  }

  /**
   * Adds to an open report, checked in the order that costs least: something to add, the report
   * still open, the limits per connection and per report, the caps; only then is the photo decoded
   * and re-encoded (as the report's own photos: no metadata kept). The caps and "still open" are
   * checked again in the transaction that writes, with the report's row locked.
   */
  private async add(row: CitizenReportRow, fields: ReportAdditionFields, photo: SubmittedPhoto | undefined, address: string): Promise<Tracking> {
    const comment = fields.comment && hasVisibleText(fields.comment) ? fields.comment : null;
    if (comment === null && !photo) throw new ValidationError(tr('citizen.error.additionEmpty'));
    const { counters, reports } = this.uow.repos;
    const sendKey = fields.sendKey ?? null;
    // Sent again after a lost answer: already kept, answered as the first time, and not counted
    // against the limits (the report may have closed since; what was added stays added).
    if (sendKey !== null && (await reports.hasAdditionKey(row, sendKey))) return this.trackingOf(row);
    await this.refuseClosed(row);
    if (!(await counters.take(`citizen-addition:ip:${address}`, ADDITIONS_PER_ADDRESS_PER_HOUR, HOUR))) {
      throw new TooManyRequestsError(tr('citizen.error.tooManyAdditions', { minutes: 60 }), 3600);
    }
    if (!(await counters.take(`citizen-addition:report:${row.id}`, ADDITIONS_PER_REPORT_PER_HOUR, HOUR))) {
      throw new TooManyRequestsError(tr('citizen.error.tooManyAdditions', { minutes: 60 }), 3600);
    }
    refuseOverCaps((await reports.additionsOf([row])).get(row.id)!, !!photo);
    const kept = photo ? await this.deps.images.keepForNgo(row.ngo_id, 'AnimalPictures', photo.data) : null;
    try {
      const added = await this.uow.transaction(async (repos) => {
        await repos.reports.lockForAddition(row);
        // Two copies at once: the second finds the first's key once the report's row is its turn.
        if (sendKey !== null && (await repos.reports.hasAdditionKey(row, sendKey))) return false;
        await this.refuseClosed((await repos.reports.findInScope(row.ngo_id, row.id))!, repos.reports);
        refuseOverCaps((await repos.reports.additionsOf([row])).get(row.id)!, kept !== null);
        await repos.reports.insertAddition(row, { comment, photo: kept, send_key: sendKey });
        await repos.audit.append(null, { entity: 'citizenReport', entityId: row.id, action: 'addToReport', ngoId: row.ngo_id, fields: [...(comment ? ['comment'] : []), ...(kept ? ['photo'] : [])] });
        return true;
      });
      if (!added && kept) await this.deps.images.discardForNgo(row.ngo_id, [kept]).catch(() => undefined);
    } catch (err) {
      if (kept) await this.deps.images.discardForNgo(row.ngo_id, [kept]).catch(() => undefined);
      // The other copy's key reached the index first (SQLite takes no row lock): it is kept.
      if (sendKey !== null && isUniqueViolation(err)) return this.trackingOf(row);
      throw err;
    }
    return this.trackingOf(row);
  }

  /** A declined report, or one whose case is released, dead or deleted, takes no more additions. */
  private async refuseClosed(row: CitizenReportRow, reports: CitizenReportRepository = this.uow.repos.reports): Promise<void> {
    if (!(await this.isOpen(row, reports))) throw new ConflictError(tr('citizen.error.reportClosed'));
  }

  private async isOpen(row: CitizenReportRow, reports: CitizenReportRepository = this.uow.repos.reports): Promise<boolean> {
    if (row.status === 'declined') return false;
    return row.case_id === null || !(await reports.caseClosed(row.ngo_id, row.case_id));
  }

  /** What reporters added to the reports linked to a case (the case's reporter step), within the actor's NGO. */
  async caseAdditions(actor: Actor, caseId: number): Promise<CaseReportAdditions> {
    const found = await this.uow.repos.cases.findInScope(recordScope(actor), caseId);
    if (!found) throw new NotFoundError(tr('error.caseNotFound'));
    const linked = await this.uow.repos.reports.linkedToCase(found.ngo_id, found.id);
    const additions = await this.uow.repos.reports.additionsOf(linked);
    return linked.map((report) => ({ reportId: report.id, code: report.code, additions: additions.get(report.id)!.map(toAddition) })).filter((r) => r.additions.length > 0);
  }

  // The staff's side.

  async list(actor: Actor, input: IntakeListInput): Promise<IntakeList> {
    const scope = recordScope(actor);
    const page = await this.uow.repos.reports.list(scope, input);
    // Each NGO's own position (its base, where runs start), read once per NGO on the page.
    const bases = new Map<number, NgoRow | undefined>();
    for (const id of new Set(page.rows.map((r) => r.ngo_id))) bases.set(id, await this.uow.repos.ngos.findInScope('all', id));
    const notices = await this.uow.repos.notices.forReports(scope, page.rows);
    const additions = await this.uow.repos.reports.additionsOf(page.rows);
    const made = await this.uow.repos.reports.casesMadeAt(page.rows);
    return { data: page.rows.map((row) => toIntake(row, bases.get(row.ngo_id), notices.get(row.id)!, additions.get(row.id)!, made)), meta: { total: page.total, page: page.page, pageSize: input.pageSize } };
  }

  /**
   * Accepts a report: it becomes a Reported case through the case service's own rules and audit,
   * with the reporter (found by phone in the NGO's directory, or added) and the report's place,
   * animal and photos filled in. The claim, the reporter, the case, its steps and the link are one
   * transaction: two staff accepting at once make one case (the claim is one conditional
   * statement), and a refused step leaves nothing behind, the report still waiting.
   */
  async accept(actor: Actor, input: AcceptReportInput): Promise<IntakeReport> {
    const report = await this.find(actor, input.reportId);
    const { cases } = this.deps;
    await this.uow.transaction(async (repos) => {
      const { reports, reporters, audit } = repos;
      if (!(await reports.decide(report, { status: 'accepted', decided_by: actor.id }))) throw await alreadyDecided(report, reports);
      await repos.notices.reached(report, 'accepted');
      await audit.append(actor, { entity: 'citizenReport', entityId: report.id, action: 'accept', ngoId: report.ngo_id, fields: ['status'] });
      let reporterId = (await reports.reporterByPhone(report.ngo_id, report.reporter_phone))?.id;
      if (reporterId === undefined) {
        reporterId = (await reporters.insert({ ngo_id: report.ngo_id, name: report.reporter_name, contact: report.reporter_phone, created_by: actor.id })).id;
        await audit.append(actor, { entity: 'reporter', entityId: reporterId, action: 'create', ngoId: report.ngo_id, fields: ['name', 'contact'] });
      }
      const { id: caseId } = await cases.createWithin(repos, actor, { type: input.type, status: 'Reported', mortality: 'Healthy', ngoId: report.ngo_id });
      const at = localMoment(new Date(report.created_at), this.deps.timeZone);
      const gps = report.latitude !== null && report.longitude !== null;
      await cases.updateStepWithin(repos, actor, 'reportingDetail', {
        caseId,
        reporterName: report.reporter_name,
        reporterContact: report.reporter_phone,
        location: input.location ?? report.address ?? (gps ? `${report.latitude!.toFixed(5)}, ${report.longitude!.toFixed(5)}` : undefined),
        landmark: input.landmark ?? report.address ?? undefined,
        pincode: input.pincode ?? report.pincode ?? undefined,
        reportedDate: at.date,
        reportedTime: at.time,
        ...(gps ? { captureLatitude: report.latitude, captureLongitude: report.longitude, captureAccuracy: report.accuracy_m, captureSource: 'device' } : {}),
      });
      const photos = parseList(report.photos);
      await cases.updateStepWithin(repos, actor, 'animalDetail', {
        caseId,
        animalSpecies: report.animal_type,
        admissionReason: [tr(`citizen.condition.${report.condition as ReportCondition}`), report.description].filter(Boolean).join(': '),
        ...(photos.length > 0 ? { animalPictures: photos } : {}),
      });
      await reports.linkCase(report, caseId, reporterId);
      await audit.append(actor, { entity: 'citizenReport', entityId: report.id, action: 'linkCase', ngoId: report.ngo_id, fields: ['caseId'] });
    });
    return this.intakeOf(actor, report.id);
  }

  /**
   * Merges a report into an open case of the same NGO (docs/citizen-reports.md#merging-a-duplicate):
   * the report is accepted and linked to that case instead of making another; its reporter is linked
   * (found by phone in the directory, or added) and kept on the report, so the case's later milestones
   * reach them as they reach the case's own reporter, and what the case has reached already is told
   * now. One transaction, claimed as accept claims: of two staff deciding at once, one wins.
   */
  async merge(actor: Actor, input: MergeReportInput): Promise<IntakeReport> {
    const report = await this.find(actor, input.reportId);
    await this.uow.transaction(async (repos) => {
      const { reports, reporters, audit, cases, notices } = repos;
      const target = await cases.findInScope(report.ngo_id, input.caseId, { forUpdate: true });
      if (!target) throw new NotFoundError(tr('error.caseNotFound'));
      if (target.release_date || target.death_date || target.status === 'Released') throw new ConflictError(tr('citizen.error.caseClosed', { id: target.id }));
      if (!(await reports.decide(report, { status: 'accepted', decided_by: actor.id }))) throw await alreadyDecided(report, reports);
      await notices.reached(report, 'accepted');
      // What the case has reached already: the reporter who joins it hears where it stands.
      if (target.pickup_date) await notices.reached(report, 'pickedUp');
      if (target.operation_date) await notices.reached(report, 'operated');
      let reporterId = (await reports.reporterByPhone(report.ngo_id, report.reporter_phone))?.id;
      if (reporterId === undefined) {
        reporterId = (await reporters.insert({ ngo_id: report.ngo_id, name: report.reporter_name, contact: report.reporter_phone, created_by: actor.id })).id;
        await audit.append(actor, { entity: 'reporter', entityId: reporterId, action: 'create', ngoId: report.ngo_id, fields: ['name', 'contact'] });
      }
      await reports.linkCase(report, target.id, reporterId);
      await audit.append(actor, { entity: 'citizenReport', entityId: report.id, action: 'merge', ngoId: report.ngo_id, fields: ['status', 'caseId'] });
    });
    return this.intakeOf(actor, report.id);
  }

  /** Declines a report with a reason the reporter reads on the tracking page. */
  async decline(actor: Actor, input: DeclineReportInput): Promise<IntakeReport> {
    const report = await this.find(actor, input.reportId);
    await this.uow.transaction(async ({ reports, audit, notices }) => {
      if (!(await reports.decide(report, { status: 'declined', decided_by: actor.id, decline_reason: input.reason }))) throw await alreadyDecided(report, reports);
      await notices.reached(report, 'declined');
      await audit.append(actor, { entity: 'citizenReport', entityId: report.id, action: 'decline', ngoId: report.ngo_id, fields: ['status', 'declineReason'] });
    });
    return this.intakeOf(actor, report.id);
  }

  private async intakeOf(actor: Actor, id: number): Promise<IntakeReport> {
    const row = (await this.uow.repos.reports.findInScope(recordScope(actor), id))!;
    const notices = await this.uow.repos.notices.forReports(recordScope(actor), [row]);
    const additions = await this.uow.repos.reports.additionsOf([row]);
    const made = await this.uow.repos.reports.casesMadeAt([row]);
    return toIntake(row, await this.uow.repos.ngos.findInScope('all', row.ngo_id), notices.get(row.id)!, additions.get(row.id)!, made);
  }

  private async find(actor: Actor, id: number): Promise<CitizenReportRow> {
    const row = await this.uow.repos.reports.findInScope(recordScope(actor), id);
    if (!row) throw new NotFoundError(tr('citizen.error.reportNotFound'));
    return row;
  }

  private async publicNgo(slug: string): Promise<NgoRow> {
    const ngo = /^[a-z0-9-]{1,40}$/i.test(slug) ? await this.uow.repos.ngos.findPublicPageAcrossNgos(slug) : undefined;
    if (!ngo) throw new NotFoundError(tr('citizen.error.notFound'));
    return ngo;
  }

  private async trackingOf(row: CitizenReportRow, known?: NgoRow): Promise<Tracking> {
    const ngo = known ?? (await this.uow.repos.ngos.findInScope('all', row.ngo_id))!;
    const milestones: Tracking['milestones'] = [{ kind: 'received', at: row.created_at, reason: null }];
    if (row.status === 'declined') milestones.push({ kind: 'declined', at: row.decided_at!, reason: row.decline_reason });
    if (row.status === 'accepted') milestones.push({ kind: 'accepted', at: row.decided_at!, reason: null });
    const dates = row.case_id !== null ? await this.uow.repos.reports.caseMilestones(row.ngo_id, row.case_id) : undefined;
    if (dates) {
      const steps = [
        ['pickedUp', dates.pickup_date],
        ['admitted', dates.admission_date],
        ['operated', dates.operation_date],
        ['released', dates.release_date],
        ['died', dates.death_date],
      ] as const;
      for (const [kind, at] of steps) if (at) milestones.push({ kind, at, reason: null });
    }
    const added = (await this.uow.repos.reports.additionsOf([row])).get(row.id)!;
    return {
      ngoName: ngo.name,
      helpline: ngo.helpline,
      code: row.code,
      milestones,
      noticesOn: row.notice_channel !== null && row.notices_stopped_at === null,
      open: await this.isOpen(row),
      additions: added.map((a) => ({ at: a.created_at, comment: a.comment, photo: a.photo !== null })),
    };
  }
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < REPORT_CODE_LENGTH; i++) code += REPORT_CODE_ALPHABET[randomInt(REPORT_CODE_ALPHABET.length)];
  return code;
}

/** The report's moment as a day and a time on the NGOs' calendar (the case's reported date and time). */
function localMoment(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * The refusal of a decision on a report decided already, saying what it became: a decision sent
 * twice (its first answer lost) is told where the report went, not only that it was decided. Read
 * within the deciding transaction.
 */
async function alreadyDecided(report: CitizenReportRow, reports: CitizenReportRepository): Promise<ConflictError> {
  const now = await reports.findInScope(report.ngo_id, report.id);
  if (now?.status === 'accepted' && now.case_id !== null) {
    const merged = isMerged(now, await reports.casesMadeAt([now]));
    return new ConflictError(tr(merged ? 'citizen.error.alreadyMerged' : 'citizen.error.alreadyAccepted', { id: now.case_id }));
  }
  return new ConflictError(tr('citizen.error.alreadyDecided'));
}

function isMerged(row: CitizenReportRow, casesMadeAt: ReadonlyMap<number, string>): boolean {
  const made = row.case_id !== null ? casesMadeAt.get(row.case_id) : undefined;
  return made !== undefined && row.decided_at !== null && made < row.decided_at;
}

function refuseOverCaps(additions: readonly CitizenReportAdditionRow[], photo: boolean): void {
  if (additions.length >= MAX_ADDITIONS) throw new ValidationError(tr('citizen.error.tooManyAdditionsInAll', { max: MAX_ADDITIONS }));
  if (photo && additions.filter((a) => a.photo !== null).length >= MAX_ADDED_PHOTOS) throw new ValidationError(tr('citizen.error.tooManyAddedPhotos', { max: MAX_ADDED_PHOTOS }));
}

function toAddition(row: CitizenReportAdditionRow): ReportAddition {
  return { id: row.id, at: row.created_at, comment: row.comment, photo: row.photo };
}

function toIntake(row: CitizenReportRow, ngo: NgoRow | undefined, notices: ReportNotices, additions: readonly CitizenReportAdditionRow[], casesMadeAt: ReadonlyMap<number, string>): IntakeReport {
  const both = row.latitude !== null && row.longitude !== null && ngo?.base_latitude != null && ngo.base_longitude != null;
  return {
    id: row.id,
    ngoId: row.ngo_id,
    code: row.code,
    status: row.status as ReportStatus,
    createdAt: row.created_at,
    latitude: row.latitude,
    longitude: row.longitude,
    accuracy: row.accuracy_m,
    address: row.address,
    pincode: row.pincode,
    outsideArea: row.outside_area === 1,
    distanceM: both ? Math.round(haversineMetres({ lat: row.latitude!, lon: row.longitude! }, { lat: ngo!.base_latitude!, lon: ngo!.base_longitude! })) : null,
    animalType: row.animal_type,
    condition: row.condition as ReportCondition,
    description: row.description,
    reporterName: row.reporter_name,
    reporterPhone: row.reporter_phone,
    photos: parseList(row.photos),
    declineReason: row.decline_reason,
    caseId: row.case_id,
    merged: isMerged(row, casesMadeAt),
    notices,
    additions: additions.map(toAddition),
  };
}
