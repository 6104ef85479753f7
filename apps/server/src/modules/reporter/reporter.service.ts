import { REPORTER_PERSONAL_FIELDS, maskReporterField, tr, type ReporterPersonalField } from '@rescuedesk/shared';
import type { CreateReporterInput, ListInput, PageMeta, Reporter, SavedReporter, UpdateReporterInput } from '@rescuedesk/shared';
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
    return { data: page.rows.map((row) => reporterShownTo(actor, row.created_by, toReporter(row))), meta: { total: page.total, page: input.page, pageSize: input.pageSize } };
  }

  async get(actor: Actor, id: number): Promise<Reporter> {
    const row = await this.find(actor, id);
    return reporterShownTo(actor, row.created_by, toReporter(row));
  }

  async create(actor: Actor, input: CreateReporterInput): Promise<Reporter> {
    const ngoId = await creationNgo(actor, input, this.uow.repos.ngos);
    await assertImagesBelong(this.uow.repos.images, ngoId, imagesOf(input));
    const row = await this.uow.transaction(async ({ reporters, audit }) => {
      const created = await reporters.insert({ ...definedOnly(columnsOf(input)), name: input.name, contact: input.contact, ngo_id: ngoId, created_by: actor.id });
      await audit.append(actor, { entity: 'reporter', entityId: created.id, action: 'create', ngoId, fields: providedFields(input) });
      return created;
    });
    return reporterShownTo(actor, row.created_by, toReporter(row));
  }

  /**
   * A reporter typed into a case, saved to the directory unless the NGO's directory already holds
   * them (the same name and phone number, whatever its spacing): then that record is the answer and
   * nothing is written. The check is the server's, as a Worker's own search sees others' numbers masked.
   */
  async saveFromCase(actor: Actor, input: CreateReporterInput): Promise<SavedReporter> {
    const ngoId = await creationNgo(actor, input, this.uow.repos.ngos);
    const same = (await this.uow.repos.reporters.named(ngoId, input.name)).find((row) => digitsOf(row.contact) === digitsOf(input.contact));
    if (same) return { reporter: reporterShownTo(actor, same.created_by, toReporter(same)), created: false };
    return { reporter: await this.create(actor, input), created: true };
  }

  async update(actor: Actor, input: UpdateReporterInput): Promise<Reporter> {
    const row = await this.find(actor, input.id);
    const { id: _id, ...sent } = input;
    // A value sent back as this actor was shown it masked is no change: a masked email is still a valid address.
    const shown = reporterShownTo(actor, row.created_by, toReporter(row));
    const fields = Object.fromEntries(Object.entries(sent).filter(([key, value]) => !(shown.maskedFields?.includes(key as ReporterPersonalField) && value === shown[key as ReporterPersonalField]))) as typeof sent;
    await assertImagesBelong(this.uow.repos.images, row.ngo_id, imagesOf(fields));
    const current = toReporter(row);
    const changed = changedFields(current, fields);
    if (changed.length === 0) return reporterShownTo(actor, row.created_by, toReporter(row));
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

/** A phone number as its digits, without India's country code or trunk 0: '+91 98450 12345', '098450 12345' and '9845012345' are one number. */
export function digitsOf(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
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

/**
 * Who sees a directory reporter's phones and email in full (docs/privacy.md#who-sees-what): Admins,
 * Founders and Managers, who call back; a Worker, the reporters they added (they took the call).
 */
export function seesReporterRecordInFull(actor: Pick<Actor, 'id' | 'role'>, row: Pick<ReporterRow, 'created_by'>): boolean {
  return actor.role !== 'Worker' || row.created_by === actor.id;
}

type ReporterContacts = Pick<Reporter, ReporterPersonalField>;

/** A reporter as this actor may see them: phones and email masked where they may not, named in `maskedFields`. */
export function reporterShownTo<T extends ReporterContacts>(actor: Pick<Actor, 'id' | 'role'>, createdBy: number | null, reporter: T): T & { maskedFields?: ReporterPersonalField[] } {
  if (seesReporterRecordInFull(actor, { created_by: createdBy })) return reporter;
  const masked = REPORTER_PERSONAL_FIELDS.filter((field) => reporter[field] !== null && reporter[field] !== '');
  const maskedValues = Object.fromEntries(masked.map((field) => [field, maskReporterField(field, reporter[field] ?? '')]));
  return { ...reporter, ...maskedValues, maskedFields: masked };
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
