import { tr } from '@rescuedesk/shared';
import type { CreateNgoInput, ListInput, Ngo, PageMeta, UpdateNgoInput } from '@rescuedesk/shared';
import type { NgoRow } from '../../db/schema';
import type { UnitOfWork } from '../../db/unit-of-work';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { changedFields, definedOnly } from '../../lib/changes';
import { parseList, serializeList } from '../../lib/json-list';
import { recordScope } from '../../lib/tenancy';
import type { AuditRepository } from '../audit/audit.repository';
import { assertImagesBelong } from '../image/image-references';
import type { ImageRepository } from '../image/image.repository';
import type { NgoRepository } from './ngo.repository';

type Repos = { ngos: NgoRepository; images: ImageRepository; audit: AuditRepository };

/** NGO profiles. Only an Admin creates NGOs; a Founder sees and edits only their own. */
export class NgoService {
  constructor(private readonly uow: UnitOfWork<Repos>) {}

  async list(actor: Actor, input: ListInput): Promise<{ data: Ngo[]; meta: PageMeta }> {
    const page = await this.uow.repos.ngos.list(recordScope(actor), input);
    return { data: page.rows.map(toNgo), meta: { total: page.total, page: input.page, pageSize: input.pageSize } };
  }

  async get(actor: Actor, ngoId: number): Promise<Ngo> {
    return toNgo(await this.find(actor, ngoId));
  }

  async create(actor: Actor, input: CreateNgoInput): Promise<Ngo> {
    await this.assertDarpanFree(input.darpanId);
    await this.assertPublicPage({ enabled: input.publicPageEnabled ?? false, slug: input.publicSlug ?? null });
    return this.uow.transaction(async ({ ngos, images, audit }) => {
      const row = await ngos.insert(columnsOf(input) as Parameters<NgoRepository['insert']>[0]);
      // Images are uploaded into an NGO's own area, so a brand-new NGO can only refer to none.
      await assertImagesBelong(images, row.id, imagesOf(input));
      await audit.append(actor, { entity: 'ngo', entityId: row.id, action: 'create', ngoId: row.id, fields: Object.keys(definedOnly(input)) });
      return toNgo(row);
    });
  }

  async update(actor: Actor, input: UpdateNgoInput): Promise<Ngo> {
    const row = await this.find(actor, input.ngoId);
    const { ngoId: _ngoId, ...fields } = input;
    if (fields.darpanId) await this.assertDarpanFree(fields.darpanId, row.id);
    await this.assertPublicPage({ enabled: fields.publicPageEnabled ?? row.public_page_enabled === 1, slug: fields.publicSlug === undefined ? row.public_slug : fields.publicSlug }, row.id);
    await assertImagesBelong(this.uow.repos.images, row.id, imagesOf(fields));
    const changed = changedFields(toNgo(row), fields);
    if (changed.length > 0) {
      await this.uow.transaction(async ({ ngos, audit }) => {
        await ngos.update(row.id, definedOnly(columnsOf(fields)));
        await audit.append(actor, { entity: 'ngo', entityId: row.id, action: 'update', ngoId: row.id, fields: changed });
      });
    }
    return this.get(actor, row.id);
  }

  private async find(actor: Actor, ngoId: number): Promise<NgoRow> {
    const row = await this.uow.repos.ngos.findInScope(recordScope(actor), ngoId);
    if (!row) throw new NotFoundError(tr('error.ngoNotFound'));
    return row;
  }

  private async assertDarpanFree(darpanId: string | null | undefined, exceptId?: number): Promise<void> {
    if (!darpanId) return;
    const holder = await this.uow.repos.ngos.findIdByDarpanIdAcrossNgos(darpanId);
    if (holder !== undefined && holder !== exceptId) throw new ConflictError(tr('error.darpanIdTaken'));
  }

  /** A public page needs an address, and an address belongs to one NGO on the whole platform. */
  private async assertPublicPage(page: { enabled: boolean; slug: string | null }, exceptId?: number): Promise<void> {
    if (page.enabled && !page.slug) throw new ValidationError(tr('citizen.error.slugNeeded'));
    if (!page.slug) return;
    const holder = await this.uow.repos.ngos.findIdBySlugAcrossNgos(page.slug);
    if (holder !== undefined && holder !== exceptId) throw new ConflictError(tr('citizen.error.slugTaken'));
  }
}

/** The fields of a create or an update (a create must give name and Darpan Id; an update may leave any out). */
type NgoFields = Omit<UpdateNgoInput, 'ngoId'>;

const list = (value: readonly string[] | null | undefined) => (value === undefined ? undefined : serializeList(value ?? []));

function columnsOf(f: NgoFields) {
  return {
    name: f.name,
    darpan_id: f.darpanId,
    description: f.desc,
    mission: f.mission,
    helpline: f.helpline,
    alt_helpline: f.altHelpline,
    facebook: f.facebook,
    linkedin: f.linkedin,
    instagram: f.instagram,
    twitter: f.twitter,
    email: f.email,
    website: f.website,
    logo: f.logo,
    reg_cert: list(f.regCert),
    pan_card: list(f.panCard),
    facility: list(f.facility),
    release_threshold_m: f.releaseThresholdM,
    retention_months: f.retentionMonths,
    public_page_enabled: f.publicPageEnabled === undefined ? undefined : f.publicPageEnabled ? 1 : 0,
    public_slug: f.publicSlug,
    service_pincodes: f.servicePincodes === undefined ? undefined : JSON.stringify(f.servicePincodes),
    public_message: f.publicMessage,
  };
}

function imagesOf(f: NgoFields) {
  return { 'field.logo': f.logo, 'field.regCert': f.regCert, 'field.panCard': f.panCard, 'field.facility': f.facility };
}

function toNgo(row: NgoRow): Ngo {
  return {
    id: row.id,
    name: row.name,
    darpanId: row.darpan_id,
    desc: row.description,
    mission: row.mission,
    helpline: row.helpline,
    altHelpline: row.alt_helpline,
    facebook: row.facebook,
    linkedin: row.linkedin,
    instagram: row.instagram,
    twitter: row.twitter,
    email: row.email,
    website: row.website,
    logo: row.logo,
    regCert: parseList(row.reg_cert),
    panCard: parseList(row.pan_card),
    facility: parseList(row.facility),
    releaseThresholdM: row.release_threshold_m,
    retentionMonths: row.retention_months,
    publicPageEnabled: row.public_page_enabled === 1,
    publicSlug: row.public_slug,
    servicePincodes: parseList(row.service_pincodes),
    publicMessage: row.public_message,
  };
}
