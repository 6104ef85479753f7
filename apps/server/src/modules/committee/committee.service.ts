import { randomUUID } from 'node:crypto';
import {
  SIGNATURE_SLOTS,
  SLOT_SIGNERS,
  tr,
  type ReportMonthInput,
  type ReportSigning,
  type ReportVerification,
  type ReportVersion,
  type SignReportInput,
  type SignatureSlot,
} from '@rescuedesk/shared';
import { isUniqueViolation } from '../../db/listing';
import type { UnitOfWork } from '../../db/unit-of-work';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { Actor } from '../../lib/actor';
import type { AuditRepository } from '../audit/audit.repository';
import type { ReportService } from '../report/report.service';
import type { CommitteeRepository, VersionWithSignatures } from './committee.repository';
import { changesBetween, hashed, signedContentOf } from './report-content';

type Repos = { committee: CommitteeRepository; audit: AuditRepository };

const slotName = (slot: SignatureSlot) => tr(`committee.slot.${slot}`);

/**
 * Signing the monthly ABC report (docs/reports.md#signing-the-monthly-report). A signature covers the
 * report's canonical JSON as the server computes it at that moment; the first signature of changed
 * figures makes a new version listing what changed. A version with all three signatures locks the month.
 */
export class CommitteeService {
  constructor(
    private readonly uow: UnitOfWork<Repos>,
    private readonly reports: ReportService,
  ) {}

  /** The month's versions, the hash of the figures as they stand, and what changed since the newest version. */
  async signing(actor: Actor, input: ReportMonthInput): Promise<ReportSigning> {
    const { ngoId, content } = await this.liveContent(actor, input);
    const versions = await this.uow.repos.committee.versions(ngoId, input.month);
    const latest = versions[0];
    return {
      month: input.month,
      ngoId,
      liveHash: content.hash,
      versions: versions.map((v) => versionOf(v)),
      pendingChanges: latest && latest.content_hash !== content.hash ? changesBetween(JSON.parse(latest.content), JSON.parse(content.text)) : [],
    };
  }

  /** Signs the month in one place, as the actor: refused when the figures the signer read (their hash) are no longer the figures. */
  async sign(actor: Actor, input: SignReportInput): Promise<ReportSigning> {
    if (!SLOT_SIGNERS[input.slot].includes(actor.role)) throw new ForbiddenError(tr('committee.error.notYourSlot', { slot: slotName(input.slot) }));
    const { ngoId, content } = await this.liveContent(actor, input);
    if (content.hash !== input.contentHash) throw new ConflictError(tr('committee.error.changed'));
    await this.uow.transaction(async ({ committee, audit }) => {
      const latest = await committee.latest(ngoId, input.month);
      let version: VersionWithSignatures;
      if (latest && latest.content_hash === content.hash) {
        version = latest;
      } else {
        const changes = latest ? changesBetween(JSON.parse(latest.content), JSON.parse(content.text)) : [];
        const row = await committee.insertVersion({ public_id: randomUUID(), ngo_id: ngoId, month: input.month, version: (latest?.version ?? 0) + 1, content: content.text, content_hash: content.hash, changes: JSON.stringify(changes), created_by: actor.id });
        version = { ...row, signatures: [] };
      }
      if (version.signatures.some((s) => s.slot === input.slot)) throw new ConflictError(tr('committee.error.slotTaken', { slot: slotName(input.slot) }));
      const mine = version.signatures.find((s) => s.user_id === actor.id);
      if (mine) throw new ConflictError(tr('committee.error.signedElsewhere', { slot: slotName(mine.slot as SignatureSlot) }));
      const designation = (await committee.designationOf(actor.id)) ?? '';
      await committee.insertSignature({ version_id: version.id, ngo_id: ngoId, slot: input.slot, user_id: actor.id, name: actor.name, designation, content_hash: content.hash });
      await audit.append(actor, { entity: 'report', entityId: version.id, action: 'sign', ngoId, fields: [input.slot] });
    }).catch((err: unknown) => {
      // Two signers at once: the second finds the place (or the new version's number) taken.
      if (isUniqueViolation(err)) throw new ConflictError(tr('committee.error.changed'));
      throw err;
    });
    return this.signing(actor, input);
  }

  /** The public verification of a version (no sign-in): who signed, when, its hash, and whether a newer version replaces it. */
  async verify(publicId: string): Promise<ReportVerification> {
    const { committee } = this.uow.repos;
    const version = await committee.byPublicId(publicId);
    if (!version) throw new NotFoundError(tr('committee.error.notFound'));
    const latest = await committee.latest(version.ngo_id, version.month);
    const v = versionOf(version);
    return {
      id: v.id,
      ngoName: (await committee.ngoName(version.ngo_id)) ?? '',
      month: version.month,
      version: v.version,
      contentHash: v.contentHash,
      createdAt: v.createdAt,
      locked: v.locked,
      signatures: v.signatures.map(({ contentHash: _hash, ...s }) => s),
      supersededBy: latest && latest.id !== version.id ? { id: latest.public_id, version: latest.version } : null,
    };
  }

  /** The month's report of one NGO, computed from the data now (never the signed copy), as signed content. */
  private async liveContent(actor: Actor, input: ReportMonthInput) {
    const report = await this.reports.liveAbcReport(actor, { month: input.month, ngoId: input.ngoId });
    if (!report.ngo) throw new ValidationError(tr('committee.error.oneNgo'));
    return { ngoId: report.ngo.id, content: hashed(signedContentOf(report)) };
  }
}

/** A version as the API shows it: locked once signed in every place. */
function versionOf(v: VersionWithSignatures): ReportVersion {
  const signatures = SIGNATURE_SLOTS.flatMap((slot) => v.signatures.filter((s) => s.slot === slot)).map((s) => ({
    slot: s.slot as SignatureSlot,
    name: s.name,
    designation: s.designation,
    signedAt: s.signed_at,
    contentHash: s.content_hash,
  }));
  return {
    id: v.public_id,
    version: v.version,
    contentHash: v.content_hash,
    createdAt: v.created_at,
    locked: signatures.length === SIGNATURE_SLOTS.length,
    signatures,
    changes: JSON.parse(v.changes) as ReportVersion['changes'],
  };
}
