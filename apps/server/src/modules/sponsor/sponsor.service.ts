import {
  SPONSOR_TYPES,
  type CreateSponsorInput,
  type ListInput,
  type PageMeta,
  type Sponsor,
  type SponsorType,
  type UpdateSponsorInput,
  tr,
} from '@rescuedesk/shared';
import type { SponsorRow } from '../../db/schema';
import type { UnitOfWork } from '../../db/unit-of-work';
import { NotFoundError, ValidationError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { changedFields, definedOnly, providedFields } from '../../lib/changes';
import { creationNgo, listScope, recordScope } from '../../lib/tenancy';
import type { AuditRepository } from '../audit/audit.repository';
import { assertImagesBelong } from '../image/image-references';
import type { ImageRepository } from '../image/image.repository';
import type { NgoRepository } from '../ngo/ngo.repository';
import type { SponsorRepository } from './sponsor.repository';

type Repos = { sponsors: SponsorRepository; ngos: NgoRepository; images: ImageRepository; audit: AuditRepository };

type SponsorFields = Partial<Omit<CreateSponsorInput, 'ngoId' | 'ngoName'>>;

/**
 * The sponsors of an NGO. The NGO of a new sponsor comes from the session (Admin: the NGO chosen),
 * every read is scoped, and every write is audited with the names of the changed fields.
 */
export class SponsorService {
  constructor(private readonly uow: UnitOfWork<Repos>) {}

  async list(actor: Actor, input: ListInput): Promise<{ data: Sponsor[]; meta: PageMeta }> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const page = await this.uow.repos.sponsors.list(scope, input);
    return { data: page.rows.map(toSponsor), meta: { total: page.total, page: input.page, pageSize: input.pageSize } };
  }

  async get(actor: Actor, id: number): Promise<Sponsor> {
    return toSponsor(await this.find(actor, id));
  }

  async create(actor: Actor, input: CreateSponsorInput): Promise<Sponsor> {
    const ngoId = await creationNgo(actor, input, this.uow.repos.ngos);
    await assertImagesBelong(this.uow.repos.images, ngoId, imagesOf(input));
    const row = await this.uow.transaction(async ({ sponsors, audit }) => {
      const created = await sponsors.insert({
        ...definedOnly(columnsOf(input)),
        name: input.name,
        type: input.type,
        amount: input.amount,
        start_date: input.startDate,
        end_date: input.endDate,
        ngo_id: ngoId,
        created_by: actor.id,
      });
      await audit.append(actor, { entity: 'sponsor', entityId: created.id, action: 'create', ngoId, fields: providedFields(input) });
      return created;
    });
    return toSponsor(row);
  }

  async update(actor: Actor, input: UpdateSponsorInput): Promise<Sponsor> {
    const row = await this.find(actor, input.id);
    const { id: _id, ...fields } = input;
    const current = toSponsor(row);
    // An update may carry one date only: the order is checked against the stored other one.
    const merged = { ...current, ...definedOnly(fields) };
    if (merged.endDate < merged.startDate) throw new ValidationError(tr('validation.endBeforeStart'));
    await assertImagesBelong(this.uow.repos.images, row.ngo_id, imagesOf(fields));
    const changed = changedFields(current, fields);
    if (changed.length === 0) return current;
    await this.uow.transaction(async ({ sponsors, audit }) => {
      await sponsors.update(row, definedOnly(columnsOf(fields)));
      await audit.append(actor, { entity: 'sponsor', entityId: row.id, action: 'update', ngoId: row.ngo_id, fields: changed });
    });
    return this.get(actor, row.id);
  }

  private async find(actor: Actor, id: number): Promise<SponsorRow> {
    const row = await this.uow.repos.sponsors.findInScope(recordScope(actor), id);
    if (!row) throw new NotFoundError(tr('error.sponsorNotFound'));
    return row;
  }
}

/** Columns for the fields the request carries; absent fields stay undefined and are left out. */
function columnsOf(f: SponsorFields) {
  return { name: f.name, type: f.type, amount: f.amount, logo: f.logo, start_date: f.startDate, end_date: f.endDate };
}

/** The image references among the fields, by the label the form shows. */
function imagesOf(f: SponsorFields) {
  return { 'field.sponsorLogo': f.logo };
}

function toSponsor(row: SponsorRow): Sponsor {
  return {
    id: row.id,
    ngoId: row.ngo_id,
    name: row.name,
    type: (SPONSOR_TYPES as readonly string[]).includes(row.type) ? (row.type as SponsorType) : 'Other',
    amount: Number(row.amount),
    logo: row.logo,
    startDate: row.start_date,
    endDate: row.end_date,
  };
}
