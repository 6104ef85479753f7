import type { MessageKey } from './i18n';
import { ROLES } from './permissions';
import { CASE_STATUSES, CASE_TYPES, MORTALITIES } from './schemas/case';
import {
  ANIMAL_AGES,
  BREEDS,
  FIT_FOR_SURGERY,
  GENDERS,
  OPERATION_OUTCOMES,
  POP_FACILITIES,
  PREGNANT_OPTIONS,
  SPECIES,
  TEMPERAMENTS,
  TREATMENT_STATUSES,
  YES_NO,
} from './schemas/case-options';
import { SPONSOR_TYPES } from './schemas/sponsor';

/**
 * Stored option values stay English (they are data); each has a label in the catalogue under
 * `option.<set>.<value>`. A test checks that every option of every set has its label in both languages.
 */
export const OPTION_SETS = {
  caseType: CASE_TYPES,
  status: CASE_STATUSES,
  mortality: MORTALITIES,
  age: ANIMAL_AGES,
  species: SPECIES,
  breed: BREEDS,
  temperament: TEMPERAMENTS,
  gender: GENDERS,
  pregnant: PREGNANT_OPTIONS,
  yesNo: YES_NO,
  treatment: TREATMENT_STATUSES,
  fitForSurgery: FIT_FOR_SURGERY,
  operationOutcome: OPERATION_OUTCOMES,
  popFacility: POP_FACILITIES,
  sponsorType: SPONSOR_TYPES,
  role: ROLES,
} as const;
export type OptionSet = keyof typeof OPTION_SETS;
export type OptionValue<S extends OptionSet> = (typeof OPTION_SETS)[S][number];

/** The catalogue key of a stored option's label: optionKey('status', 'Blood Test'). */
export function optionKey<S extends OptionSet>(set: S, value: OptionValue<S>): MessageKey {
  return `option.${set}.${value}` as MessageKey;
}
