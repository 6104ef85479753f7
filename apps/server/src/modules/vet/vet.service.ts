import { tr } from '@rescuedesk/shared';
import type { CreateVetInput, ListInput, PageMeta, UpdateVetInput, Vet } from '@rescuedesk/shared';
import type { VetRow } from '../../db/schema';
import type { UnitOfWork } from '../../db/unit-of-work';
import { NotFoundError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { changedFields, definedOnly, providedFields } from '../../lib/changes';
import { parseList, serializeList } from '../../lib/json-list';
import { creationNgo, listScope, recordScope } from '../../lib/tenancy';
import type { AuditRepository } from '../audit/audit.repository';
import { assertImagesBelong } from '../image/image-references';
import type { ImageRepository } from '../image/image.repository';
import type { NgoRepository } from '../ngo/ngo.repository';
import type { VetRepository } from './vet.repository';

type Repos = { vets: VetRepository; ngos: NgoRepository; images: ImageRepository; audit: AuditRepository };

type VetFields = Partial<Omit<CreateVetInput, 'ngoId' | 'ngoName'>>;

/**
 * The vets of an NGO. The NGO of a new vet comes from the session (Admin: the NGO chosen), every
 * read is scoped, and every write is audited with the names of the changed fields.
 */
export class VetService {
  constructor(private readonly uow: UnitOfWork<Repos>) {}

  async list(actor: Actor, input: ListInput): Promise<{ data: Vet[]; meta: PageMeta }> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const page = await this.uow.repos.vets.list(scope, input);
    return { data: page.rows.map(toVet), meta: { total: page.total, page: input.page, pageSize: input.pageSize } };
  }

  async get(actor: Actor, id: number): Promise<Vet> {
    return toVet(await this.find(actor, id));
  }

  async create(actor: Actor, input: CreateVetInput): Promise<Vet> {
    const ngoId = await creationNgo(actor, input, this.uow.repos.ngos);
    await assertImagesBelong(this.uow.repos.images, ngoId, imagesOf(input));
    const row = await this.uow.transaction(async ({ vets, audit }) => {
      const created = await vets.insert({ ...definedOnly(columnsOf(input)), name: input.name, reg_id: input.regId, ngo_id: ngoId, created_by: actor.id });
      await audit.append(actor, { entity: 'vet', entityId: created.id, action: 'create', ngoId, fields: providedFields(input) });
      return created;
    });
    return toVet(row);
  }

  async update(actor: Actor, input: UpdateVetInput): Promise<Vet> {
    const row = await this.find(actor, input.id);
    const { id: _id, ...fields } = input;
    await assertImagesBelong(this.uow.repos.images, row.ngo_id, imagesOf(fields));
    const current = toVet(row);
    const changed = changedFields(current, fields);
    if (changed.length === 0) return current;
    await this.uow.transaction(async ({ vets, audit }) => {
      await vets.update(row, definedOnly(columnsOf(fields)));
      await audit.append(actor, { entity: 'vet', entityId: row.id, action: 'update', ngoId: row.ngo_id, fields: changed });
    });
    return this.get(actor, row.id);
  }

  private async find(actor: Actor, id: number): Promise<VetRow> {
    const row = await this.uow.repos.vets.findInScope(recordScope(actor), id);
    if (!row) throw new NotFoundError(tr('error.vetNotFound'));
    return row;
  }
}

/** Columns for the fields the request carries; absent fields stay undefined and are left out. */
function columnsOf(f: VetFields) {
  return {
    name: f.name,
    reg_id: f.regId,
    vet_certification: f.vetCertification === undefined ? undefined : serializeList(f.vetCertification ?? []),
    verification_id: f.verificationId === undefined ? undefined : serializeList(f.verificationId ?? []),
  };
}

/** The image references among the fields, by the label the form shows. */
function imagesOf(f: VetFields) {
  return { 'field.vetCertification': f.vetCertification, 'field.verificationId': f.verificationId };
}

function toVet(row: VetRow): Vet {
  return {
    id: row.id,
    ngoId: row.ngo_id,
    name: row.name,
    regId: row.reg_id,
    vetCertification: parseList(row.vet_certification),
    verificationId: parseList(row.verification_id),
  };
}
