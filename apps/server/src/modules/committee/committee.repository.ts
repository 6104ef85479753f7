import type { Kysely } from 'kysely';
import type { DB, ReportSignatureRow, ReportVersionRow } from '../../db/schema';
import { scopedTo } from '../../db/scope';
import { nowIso } from '../../lib/time';

export type VersionWithSignatures = ReportVersionRow & { signatures: ReportSignatureRow[] };

/**
 * Versions of an NGO's monthly ABC report and their signatures (migration 031). Every query but the
 * public verification's is confined to one NGO; versions and signatures are only ever added.
 */
export class CommitteeRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every version of the NGO's month with its signatures, newest first. */
  async versions(ngoId: number, month: string): Promise<VersionWithSignatures[]> {
    const versions = await scopedTo(this.db.selectFrom('report_versions').selectAll().where('month', '=', month), ngoId).orderBy('version', 'desc').execute();
    return this.withSignatures(ngoId, versions);
  }

  /** The newest version of the NGO's month, or undefined when nobody has signed it yet. */
  async latest(ngoId: number, month: string): Promise<VersionWithSignatures | undefined> {
    const row = await scopedTo(this.db.selectFrom('report_versions').selectAll().where('month', '=', month), ngoId).orderBy('version', 'desc').limit(1).executeTakeFirst();
    return row ? (await this.withSignatures(ngoId, [row]))[0] : undefined;
  }

  /** A version by its public id, for the verification page (which needs no sign-in: the id is random). */
  async byPublicId(publicId: string): Promise<VersionWithSignatures | undefined> {
    const row = await this.db.selectFrom('report_versions').selectAll().where('public_id', '=', publicId).executeTakeFirst();
    return row ? (await this.withSignatures(row.ngo_id, [row]))[0] : undefined;
  }

  async insertVersion(values: { public_id: string; ngo_id: number; month: string; version: number; content: string; content_hash: string; changes: string; created_by: number }): Promise<ReportVersionRow> {
    return this.db.insertInto('report_versions').values({ ...values, created_at: nowIso() }).returningAll().executeTakeFirstOrThrow();
  }

  async insertSignature(values: { version_id: number; ngo_id: number; slot: string; user_id: number; name: string; designation: string; content_hash: string }): Promise<void> {
    await this.db.insertInto('report_signatures').values({ ...values, signed_at: nowIso() }).execute();
  }

  /** The signer's designation as it stands (a committee member's title; staff may have none). */
  async designationOf(userId: number): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('designation').where('id', '=', userId).executeTakeFirst();
    return row?.designation ?? null;
  }

  /** The NGO's name, for the public verification page. */
  async ngoName(ngoId: number): Promise<string | undefined> {
    return (await this.db.selectFrom('ngos').select('name').where('id', '=', ngoId).executeTakeFirst())?.name;
  }

  private async withSignatures(ngoId: number, versions: ReportVersionRow[]): Promise<VersionWithSignatures[]> {
    if (versions.length === 0) return [];
    const signatures = await scopedTo(this.db.selectFrom('report_signatures').selectAll(), ngoId)
      .where('version_id', 'in', versions.map((v) => v.id))
      .orderBy('id')
      .execute();
    return versions.map((v) => ({ ...v, signatures: signatures.filter((s) => s.version_id === v.id) }));
  }
}
