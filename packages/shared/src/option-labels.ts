import type { MessageKey } from './i18n';
import { ROLES } from './permissions';
import {
  CASE_STATUSES,
  CASE_TYPES,
  MORTALITIES,
  SPONSOR_TYPES,
  ANIMAL_AGES,
  APPETITES,
  BREEDS,
  CAPTURE_SOURCES,
  DEATH_TIMINGS,
  EAR_NOTCHES,
  FIT_FOR_SURGERY,
  GENDERS,
  LACTATING_OPTIONS,
  OPERATION_OUTCOMES,
  POP_FACILITIES,
  PREGNANT_OPTIONS,
  SPECIES,
  TEMPERAMENTS,
  TREATMENT_STATUSES,
  UNFIT_REASONS,
  WOUND_STATES,
  YES_NO,
} from './option-values';

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
  captureSource: CAPTURE_SOURCES,
  earNotch: EAR_NOTCHES,
  lactating: LACTATING_OPTIONS,
  unfitReason: UNFIT_REASONS,
  deathTiming: DEATH_TIMINGS,
  woundState: WOUND_STATES,
  appetite: APPETITES,
  sponsorType: SPONSOR_TYPES,
  role: ROLES,
} as const;
export type OptionSet = keyof typeof OPTION_SETS;
export type OptionValue<S extends OptionSet> = (typeof OPTION_SETS)[S][number];

/** The catalogue key of a stored option's label: optionKey('status', 'Blood Test'). */
export function optionKey<S extends OptionSet>(set: S, value: OptionValue<S>): MessageKey {
  return `option.${set}.${value}` as MessageKey;
}

/**
 * The choice fields of a case (its top card, its steps and the daily post-op log) and the option set
 * that labels their stored values: the case timeline and the printed case sheet show labels by it.
 */
export const OPTION_SET_OF_CASE_FIELD: Readonly<Record<string, OptionSet>> = {
  type: 'caseType',
  status: 'status',
  mortality: 'mortality',
  animalSpecies: 'species',
  animalBreed: 'breed',
  animalAge: 'age',
  animalTemperament: 'temperament',
  animalGender: 'gender',
  animalPregnant: 'pregnant',
  animalCatchable: 'yesNo',
  vaccinationStatus: 'treatment',
  dewormed: 'treatment',
  fitForSurgery: 'fitForSurgery',
  operationOutcome: 'operationOutcome',
  popFacility: 'popFacility',
  euthanized: 'yesNo',
  captureSource: 'captureSource',
  earNotch: 'earNotch',
  animalLactating: 'lactating',
  unfitReason: 'unfitReason',
  surgeryCancelled: 'yesNo',
  deathTiming: 'deathTiming',
  woundState: 'woundState',
  appetite: 'appetite',
};
