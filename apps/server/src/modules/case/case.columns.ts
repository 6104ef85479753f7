import { CASE_STEPS, type CaseStep } from '@rescuedesk/shared';
import type { CaseRow, CaseUpdate } from '../../db/schema';
import { parseList, serializeList } from '../../lib/json-list';

/** A step field's column: the spec's camelCase name in snake_case (uniqueID is the one exception). */
export function columnOf(field: string): keyof CaseRow {
  return (field === 'uniqueID' ? 'unique_id' : field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)) as keyof CaseRow;
}

/** The column that records which role last saved a step (the spec's lastModifiedBy). */
export const MODIFIED_BY_COLUMN: Record<CaseStep, keyof CaseRow> = {
  reportingDetail: 'reporting_modified_by',
  animalDetail: 'animal_modified_by',
  medicalDetail: 'medical_modified_by',
  operationDetail: 'operation_modified_by',
  postOperationDetail: 'post_operation_modified_by',
};

const isList = (step: CaseStep, field: string) => (CASE_STEPS[step].lists as readonly string[]).includes(field);

/** The step's fields as the API shows them: every field present, null when unset. */
export function readStep(step: CaseStep, row: CaseRow): Record<string, unknown> {
  const detail: Record<string, unknown> = {};
  for (const field of Object.keys(CASE_STEPS[step].fields)) {
    const value = row[columnOf(field)];
    detail[field] = isList(step, field) ? parseList(value as string) : (value ?? null);
  }
  detail.lastModifiedBy = row[MODIFIED_BY_COLUMN[step]] ?? null;
  return detail;
}

/** Columns for the fields the request carries: absent fields are left out, null clears. */
export function writeStep(step: CaseStep, input: Record<string, unknown>): CaseUpdate {
  const patch: Record<string, unknown> = {};
  for (const field of Object.keys(CASE_STEPS[step].fields)) {
    const value = input[field];
    if (value === undefined) continue;
    patch[columnOf(field)] = isList(step, field) ? serializeList((value as string[] | null) ?? []) : value;
  }
  return patch as CaseUpdate;
}

/** The image references of a step's input, by field name, for the same-NGO check. */
export function stepImages(step: CaseStep, input: Record<string, unknown>): Record<string, string | string[] | null | undefined> {
  const refs: Record<string, string | string[] | null | undefined> = {};
  for (const field of Object.keys(CASE_STEPS[step].fields)) {
    if (/Image$|Pictures$/.test(field) || isList(step, field)) refs[field] = input[field] as string | string[] | null | undefined;
  }
  return refs;
}
