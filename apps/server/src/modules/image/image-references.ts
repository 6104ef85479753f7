import { IDENTITY_IMAGE_FIELDS, tr, type FieldChange, type MessageKey } from '@rescuedesk/shared';
import type { DB } from '../../db/schema';
import { ValidationError } from '../../errors';
import { CASE_IMAGE_COLUMNS } from '../case/case.columns';
import type { ImageRepository } from './image.repository';

type Reference = string | readonly string[] | null | undefined;

/**
 * A record may only point at images uploaded for its own NGO: a stored name from elsewhere, or
 * one never uploaded, is refused with the field named (by its label in the catalogue).
 */
export async function assertImagesBelong(images: ImageRepository, ngoId: number | null, references: Partial<Record<MessageKey, Reference>>): Promise<void> {
  for (const [label, value] of Object.entries(references) as Array<[MessageKey, Reference]>) {
    const names = value === null || value === undefined ? [] : typeof value === 'string' ? [value] : value;
    if (names.length === 0) continue;
    const found = await images.existingNames(ngoId, names);
    if (names.some((name) => !found.has(name))) {
      throw new ValidationError(tr('validation.imageNotForNgo', { field: tr(label) }));
    }
  }
}

type RecordTable = 'cases' | 'case_post_op_days' | 'users' | 'ngos' | 'reporters' | 'vets' | 'sponsors';

/** A column that holds stored image names: one name (`list: false`) or a JSON list of names. */
export type ImageReferenceColumn = {
  [T in RecordTable]: {
    table: T;
    /** The record's name in the audit log. */
    entity: string;
    /** The column that holds the record's NGO: ngo_id, or id for the NGO table itself. */
    ngoColumn: 'ngo_id' | 'id';
    column: keyof DB[T] & string;
    /** The field's name in the API, for the audit log. */
    field: string;
    list: boolean;
    /**
     * A post-operative log entry is audited on its case: the column holding the case's id, and the
     * entry's day number, which names the field (`postOpDays.<day>.photos`).
     */
    partOf?: { idColumn: 'case_id'; dayColumn: 'day_number' };
  };
}[RecordTable];

/**
 * Every place a record keeps the name of a stored image. Deleting an image removes its name from
 * each of these, in the deleting transaction (docs/decisions/009).
 */
export const IMAGE_REFERENCE_COLUMNS: readonly ImageReferenceColumn[] = [
  ...CASE_IMAGE_COLUMNS.map((c): ImageReferenceColumn => ({ table: 'cases', entity: 'case', ngoColumn: 'ngo_id', column: c.column, field: c.field, list: c.list })),
  {
    table: 'case_post_op_days',
    entity: 'case',
    ngoColumn: 'ngo_id',
    column: 'photos',
    field: 'photos',
    list: true,
    partOf: { idColumn: 'case_id', dayColumn: 'day_number' },
  },
  { table: 'users', entity: 'user', ngoColumn: 'ngo_id', column: 'profile_image', field: 'profileImage', list: false },
  { table: 'users', entity: 'user', ngoColumn: 'ngo_id', column: 'verification_id', field: 'verificationId', list: true },
  { table: 'ngos', entity: 'ngo', ngoColumn: 'id', column: 'logo', field: 'logo', list: false },
  { table: 'ngos', entity: 'ngo', ngoColumn: 'id', column: 'reg_cert', field: 'regCert', list: true },
  { table: 'ngos', entity: 'ngo', ngoColumn: 'id', column: 'pan_card', field: 'panCard', list: true },
  { table: 'ngos', entity: 'ngo', ngoColumn: 'id', column: 'facility', field: 'facility', list: true },
  { table: 'reporters', entity: 'reporter', ngoColumn: 'ngo_id', column: 'verification_id', field: 'verificationId', list: true },
  { table: 'vets', entity: 'vet', ngoColumn: 'ngo_id', column: 'vet_certification', field: 'vetCertification', list: true },
  { table: 'vets', entity: 'vet', ngoColumn: 'ngo_id', column: 'verification_id', field: 'verificationId', list: true },
  { table: 'sponsors', entity: 'sponsor', ngoColumn: 'ngo_id', column: 'logo', field: 'logo', list: false },
];

/** One record that lost references to a deleted image, with the fields that held them and their values before and after. */
export interface ClearedReference {
  entity: string;
  id: number;
  fields: string[];
  changes: FieldChange[];
}

/**
 * The case step fields that hold identity documents (the reporter's ID and the consent form): a
 * view of one of these images is logged on the case (docs/product.md#the-case-timeline).
 */
export const CASE_IDENTITY_COLUMNS = CASE_IMAGE_COLUMNS.filter((c) => (IDENTITY_IMAGE_FIELDS as readonly string[]).includes(c.field));
