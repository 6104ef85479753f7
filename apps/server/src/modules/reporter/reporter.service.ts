import { tr } from '@rescuedesk/shared';
import type { CreateReporterInput, ListInput, PageMeta, Reporter, UpdateReporterInput } from '@rescuedesk/shared';
import type { ReporterRow } from '../../db/schema';
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
import type { ReporterRepository } from './reporter.repository';

type Repos = { reporters: ReporterRepository; ngos: NgoRepository; images: ImageRepository; audit: AuditRepository };

type ReporterFields = Partial<Omit<CreateReporterInput, 'ngoId' | 'ngoName'>>;

/**
 * The people who report animals to an NGO. The NGO of a new reporter comes from the session
 * (Admin: the NGO chosen), every read is scoped, and every write is audited with the names of the
 * changed fields.
 */
export class ReporterService {
  constructor(private readonly uow: UnitOfWork<Repos>) {}

  async list(actor: Actor, input: ListInput): Promise<{ data: Reporter[]; meta: PageMeta }> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const page = await this.uow.repos.reporters.list(scope, input);
    return { data: page.rows.map(toReporter), meta: { total: page.total, page: input.page, pageSize: input.pageSize } };
  }

  async get(actor: Actor, id: number): Promise<Reporter> {
    return toReporter(await this.find(actor, id));
  }

  async create(actor: Actor, input: CreateReporterInput): Promise<Reporter> {
    const ngoId = await creationNgo(actor, input, this.uow.repos.ngos);
    await assertImagesBelong(this.uow.repos.images, ngoId, imagesOf(input));
    const row = await this.uow.transaction(async ({ reporters, audit }) => {
      const created = await reporters.insert({ ...definedOnly(columnsOf(input)), name: input.name, contact: input.contact, ngo_id: ngoId, created_by: actor.id });
      await audit.append(actor, { entity: 'reporter', entityId: created.id, action: 'create', ngoId, fields: providedFields(input) });
      return created;
    });
    return toReporter(row);
  }

  async update(actor: Actor, input: UpdateReporterInput): Promise<Reporter> {
    const row = await this.find(actor, input.id);
    const { id: _id, ...fields } = input;
    await assertImagesBelong(this.uow.repos.images, row.ngo_id, imagesOf(fields));
    const current = toReporter(row);
    const changed = changedFields(current, fields);
    if (changed.length === 0) return current;
    await this.uow.transaction(async ({ reporters, audit }) => {
      await reporters.update(row, definedOnly(columnsOf(fields)));
      await audit.append(actor, { entity: 'reporter', entityId: row.id, action: 'update', ngoId: row.ngo_id, fields: changed });
    });
    return this.get(actor, row.id);
  }

  private async find(actor: Actor, id: number): Promise<ReporterRow> {
    const row = await this.uow.repos.reporters.findInScope(recordScope(actor), id);
    if (!row) throw new NotFoundError(tr('error.reporterNotFound'));
    return row;
  }
}

/** Columns for the fields the request carries; absent fields stay undefined and are left out. */
function columnsOf(f: ReporterFields) {
  return {
    name: f.name,
    contact: f.contact,
    alternate_contact: f.alternateContact,
    email: f.email,
    verification_id: f.verificationId === undefined ? undefined : serializeList(f.verificationId ?? []),
  };
}

/** The image references among the fields, by the label the form shows. */
function imagesOf(f: ReporterFields) {
  return { 'field.verificationId': f.verificationId };
}

function toReporter(row: ReporterRow): Reporter {
  return {
    id: row.id,
    ngoId: row.ngo_id,
    name: row.name,
    contact: row.contact,
    alternateContact: row.alternate_contact,
    email: row.email,
    verificationId: parseList(row.verification_id),
  };
}
