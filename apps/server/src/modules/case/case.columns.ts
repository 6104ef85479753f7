import { CASE_STEP_TABLE, caseStep, perStep, stepFields, type CaseStep, type CaseStepColumn, type StepFieldKind, type MessageKey } from '@rescuedesk/shared';
import type { CaseRow, CaseUpdate } from '../../db/schema';
import { parseIdList, parseList } from '../../lib/json-list';

type CaseColumn = keyof CaseRow;

/** Every column the step table names is a column of the cases table: this fails to compile otherwise. */
function column(name: CaseStepColumn): CaseColumn {
  return name;
}

interface StepColumn {
  field: string;
  column: CaseColumn;
  kind: StepFieldKind;
}

/** Every step's fields with their columns, read once from the step table: each read and save walks them. */
const STEP_COLUMNS: Record<CaseStep, readonly StepColumn[]> = perStep((step) =>
  stepFields(step).map(([field, definition]) => ({ field, column: column(definition.column), kind: definition.kind })),
);

/** The column that records which role last saved a step (the observed product's lastModifiedBy). */
export function modifiedByColumn(step: CaseStep): CaseColumn {
  return column(caseStep(step).modifiedByColumn);
}

/** The columns of the cases table that hold stored image names, with the step field each belongs to. */
export const CASE_IMAGE_COLUMNS: ReadonlyArray<{ field: string; column: CaseColumn; list: boolean }> = CASE_STEP_TABLE.flatMap((step) =>
  STEP_COLUMNS[step.key].filter((f) => f.kind === 'image' || f.kind === 'imageList').map((f) => ({ field: f.field, column: f.column, list: f.kind === 'imageList' })),
);

/** The step's fields as the API shows them: every field present, null when unset. */
export function readStep(step: CaseStep, row: CaseRow): Record<string, unknown> {
  const detail: Record<string, unknown> = {};
  for (const { field, column, kind } of STEP_COLUMNS[step]) {
    const value = row[column];
    detail[field] = kind === 'imageList' ? parseList(value as string) : kind === 'userList' ? parseIdList(value as string) : (value ?? null);
  }
  detail.lastModifiedBy = row[modifiedByColumn(step)] ?? null;
  return detail;
}

/** Columns for the fields the request carries: absent fields are left out, null clears. */
export function writeStep(step: CaseStep, input: Record<string, unknown>): CaseUpdate {
  const patch: Record<string, unknown> = {};
  for (const { field, column, kind } of STEP_COLUMNS[step]) {
    const value = input[field];
    if (value === undefined) continue;
    patch[column] = kind === 'imageList' || kind === 'userList' ? JSON.stringify((value as unknown[] | null) ?? []) : value;
  }
  return patch as CaseUpdate;
}

/** The image references of a step's input, by the field's label key, for the same-NGO check. */
export function stepImages(step: CaseStep, input: Record<string, unknown>): Partial<Record<MessageKey, string | string[] | null | undefined>> {
  const refs: Partial<Record<MessageKey, string | string[] | null | undefined>> = {};
  for (const { field, kind } of STEP_COLUMNS[step]) {
    if (kind === 'image' || kind === 'imageList') refs[`field.${field}` as MessageKey] = input[field] as string | string[] | null | undefined;
  }
  return refs;
}
