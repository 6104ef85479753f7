import type { ListInput, PageMeta } from '@rescuedesk/shared';
import type { TenantInsert, TenantPatch, TenantRecords, TenantRow, TenantTable } from '../../db/tenant-records';
import type { UnitOfWork } from '../../db/unit-of-work';
import { NotFoundError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { changedFields, definedOnly } from '../../lib/changes';
import { creationNgo, listScope, recordScope, type NgoChoice } from '../../lib/tenancy';
import type { AuditRepository } from '../audit/audit.repository';
import { assertImagesBelong } from '../image/image-references';
import type { ImageRepository } from '../image/image.repository';
import type { NgoRepository } from '../ngo/ngo.repository';

type Reference = string | readonly string[] | null | undefined;

/** What differs between reporters, vets and sponsors; the rules they share live in DirectoryService. */
export interface DirectoryDefinition<T extends TenantTable, Api, Fields extends object> {
  entity: string;
  notFound: string;
  toApi(row: TenantRow<T>): Api;
  /** Columns for the given fields; undefined (absent) fields are left out by the service. */
  toColumns(fields: Partial<Fields>): TenantPatch<T>;
  /** The image references among the fields, by the label the form shows. */
  images(fields: Partial<Fields>): Record<string, Reference>;
  /** A check on the record as it would be after the change (e.g. date order). */
  check?(merged: Api): void;
}

export type DirectoryRepos<T extends TenantTable> = {
  records: TenantRecords<T>;
  ngos: NgoRepository;
  images: ImageRepository;
  audit: AuditRepository;
};

/**
 * List, read, create and update for an NGO-owned directory record. The NGO comes from the session
 * (Admin: the NGO chosen), every read is scoped, and every write is audited with the changed fields.
 */
export class DirectoryService<T extends TenantTable, Api extends { id: number }, Fields extends object> {
  constructor(
    private readonly uow: UnitOfWork<DirectoryRepos<T>>,
    private readonly def: DirectoryDefinition<T, Api, Fields>,
  ) {}

  async list(actor: Actor, input: ListInput): Promise<{ data: Api[]; meta: PageMeta }> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const page = await this.uow.repos.records.list(scope, input);
    return { data: page.rows.map((row) => this.def.toApi(row)), meta: { total: page.total, page: input.page, pageSize: input.pageSize } };
  }

  async get(actor: Actor, id: number): Promise<Api> {
    return this.def.toApi(await this.find(actor, id));
  }

  async create(actor: Actor, input: Fields & NgoChoice): Promise<Api> {
    const ngoId = await creationNgo(actor, input, this.uow.repos.ngos);
    await assertImagesBelong(this.uow.repos.images, ngoId, this.def.images(input));
    const row = await this.uow.transaction(async ({ records, audit }) => {
      const values = { ...definedOnly(this.def.toColumns(input)), ngo_id: ngoId, created_by: actor.id };
      const created = await records.insert(values as unknown as TenantInsert<T>);
      await audit.append(actor, { entity: this.def.entity, entityId: (created as { id: number }).id, action: 'create', ngoId, fields: Object.keys(definedFields(input)) });
      return created;
    });
    return this.def.toApi(row);
  }

  async update(actor: Actor, input: Partial<Fields> & { id: number }): Promise<Api> {
    const row = await this.find(actor, input.id);
    const current = this.def.toApi(row);
    const { id: _id, ...fields } = input;
    this.def.check?.({ ...current, ...definedFields(fields) });
    const ngoId = (row as { ngo_id: number }).ngo_id;
    await assertImagesBelong(this.uow.repos.images, ngoId, this.def.images(fields as Partial<Fields>));
    const changed = changedFields(current, fields);
    if (changed.length === 0) return current;
    await this.uow.transaction(async ({ records, audit }) => {
      await records.update({ id: input.id, ngo_id: ngoId }, definedOnly(this.def.toColumns(fields as Partial<Fields>)) as Partial<TenantPatch<T>>);
      await audit.append(actor, { entity: this.def.entity, entityId: input.id, action: 'update', ngoId, fields: changed });
    });
    return this.get(actor, input.id);
  }

  private async find(actor: Actor, id: number): Promise<TenantRow<T>> {
    const row = await this.uow.repos.records.findInScope(recordScope(actor), id);
    if (!row) throw new NotFoundError(this.def.notFound);
    return row;
  }
}

/** The fields the request really carries, without the NGO choice. */
function definedFields(input: object): Record<string, unknown> {
  const { ngoId: _n, ngoName: _m, ...rest } = input as Record<string, unknown>;
  return definedOnly(rest);
}
