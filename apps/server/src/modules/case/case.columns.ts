import { CASE_STEPS, type CaseStep } from '@rescuedesk/shared';
import type { CaseRow, CaseUpdate } from '../../db/schema';
import { parseList, serializeList } from '../../lib/json-list';

/** A step field's column: the spec's camelCase name in snake_case (uniqueID is the one exception). */
function toColumn(field: string): keyof CaseRow {
  return (field === 'uniqueID' ? 'unique_id' : field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)) as keyof CaseRow;
}

interface StepField {
  field: string;
  column: keyof CaseRow;
  list: boolean;
}

/** Every step's fields with their columns and list flag, worked out once: each read and save walks them. */
const STEP_FIELDS = {} as Record<CaseStep, readonly StepField[]>;
for (const step of Object.keys(CASE_STEPS) as CaseStep[]) {
  const lists: readonly string[] = CASE_STEPS[step].lists;
  STEP_FIELDS[step] = Object.keys(CASE_STEPS[step].fields).map((field) => ({ field, column: toColumn(field), list: lists.includes(field) }));
}

/** The column that records which role last saved a step (the spec's lastModifiedBy). */
export const MODIFIED_BY_COLUMN: Record<CaseStep, keyof CaseRow> = {
  reportingDetail: 'reporting_modified_by',
  animalDetail: 'animal_modified_by',
  medicalDetail: 'medical_modified_by',
  operationDetail: 'operation_modified_by',
  postOperationDetail: 'post_operation_modified_by',
};

/** The step's fields as the API shows them: every field present, null when unset. */
export function readStep(step: CaseStep, row: CaseRow): Record<string, unknown> {
  const detail: Record<string, unknown> = {};
  for (const { field, column, list } of STEP_FIELDS[step]) {
    const value = row[column];
    detail[field] = list ? parseList(value as string) : (value ?? null);
  }
  detail.lastModifiedBy = row[MODIFIED_BY_COLUMN[step]] ?? null;
  return detail;
}

/** Columns for the fields the request carries: absent fields are left out, null clears. */
export function writeStep(step: CaseStep, input: Record<string, unknown>): CaseUpdate {
  const patch: Record<string, unknown> = {};
  for (const { field, column, list } of STEP_FIELDS[step]) {
    const value = input[field];
    if (value === undefined) continue;
    patch[column] = list ? serializeList((value as string[] | null) ?? []) : value;
  }
  return patch as CaseUpdate;
}

/** The image references of a step's input, by field name, for the same-NGO check. */
export function stepImages(step: CaseStep, input: Record<string, unknown>): Record<string, string | string[] | null | undefined> {
  const refs: Record<string, string | string[] | null | undefined> = {};
  for (const { field, list } of STEP_FIELDS[step]) {
    if (/Image$|Pictures$/.test(field) || list) refs[field] = input[field] as string | string[] | null | undefined;
  }
  return refs;
}
