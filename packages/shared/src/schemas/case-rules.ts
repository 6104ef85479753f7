import { tr, type MessageKey } from '../i18n';
import { optionKey } from '../option-labels';
import { SPECIES } from '../option-values';
import { DATE_RULES, type WallClock } from './case-dates';

/**
 * The ABC programme's rules across the fields of a case (docs/product.md#abc-programme-records).
 * Each rule reads the case's merged state: the stored values of every step with the request's
 * values laid over them, one flat record by field name (as the step table names them). The server
 * checks them inside the saving transaction; the browser may check the same for early feedback.
 * A rule is checked when a save touches one of its fields, so an old record that breaks a rule
 * does not block saves of unrelated fields.
 */
export type CaseState = Readonly<Record<string, unknown>>;

/** What a rule's check knows besides the case. */
export interface RuleContext {
  /**
   * The latest moment an event may be recorded at (now, plus the clock skew allowed, on the NGO's
   * calendar: latestEventMoment). Without it nothing is checked for being in the future.
   */
  readonly latest?: WallClock;
}

/** A rule broken: the problem in words, and the fields it names, the one to correct first. */
export interface RuleProblem {
  readonly message: string;
  readonly fields: readonly string[];
}

export interface CaseRule {
  /** The fields the rule reads; a save that carries one of them is checked. */
  readonly fields: readonly string[];
  /** The problem, or null when the state keeps the rule. */
  problem(state: CaseState, context?: RuleContext): RuleProblem | null;
}

/** The NGO's release distance limit when it has not set one (docs/product.md#abc-programme-records). */
export const DEFAULT_RELEASE_THRESHOLD_M = 500;
export const RELEASE_THRESHOLD_BOUNDS = { min: 1, max: 100_000 } as const;

/**
 * The reporter step's capture fields (docs/product.md#abc-programme-records): where, when and by
 * whom the animal was caught. An ABC catch by the NGO's own squad may have no reporter, so a save
 * of the reporter step that carries only these does not need the reporter's required fields.
 */
export const CAPTURE_FIELDS = [
  'captureLatitude',
  'captureLongitude',
  'captureAccuracy',
  'captureSource',
  'captureDate',
  'captureTime',
  'catchingSquad',
  'wardZone',
] as const;

const CAPTURE_FIELD_SET: ReadonlySet<string> = new Set(CAPTURE_FIELDS);

/**
 * Whether a save of the reporter step must hold the reporter's required fields: only when it
 * touches a reporter field (anything but the capture fields). A capture-only save is allowed.
 */
export function touchesReporterFields(fields: Iterable<string>): boolean {
  for (const field of fields) if (!CAPTURE_FIELD_SET.has(field)) return true;
  return false;
}

/** Fields that record an operation: none may be set for an animal that is not fit for surgery. */
export const OPERATION_RECORD_FIELDS = [
  'vetName',
  'vetId',
  'operationDate',
  'operationStartTime',
  'operationEndTime',
  'operationOutcome',
  'medicalPrescriptionImage',
  'treatmentRecordImage',
  'organImage',
] as const;

const label = (field: string) => tr(`field.${field}` as MessageKey);

function isSet(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  return !(typeof value === 'string' && value.trim() === '');
}

function text(state: CaseState, field: string): string | null {
  const value = state[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

function num(state: CaseState, field: string): number | null {
  const value = state[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Latitude and longitude of a point come together or not at all. */
function pairRule(latitude: string, longitude: string): CaseRule {
  return {
    fields: [latitude, longitude],
    problem: (state) => {
      const lat = isSet(state[latitude]);
      const lon = isSet(state[longitude]);
      if (lat === lon) return null;
      const [missing, given] = lat ? [longitude, latitude] : [latitude, longitude];
      return { message: tr('validation.coordinatesTogether', { field: label(missing), other: label(given) }), fields: [missing, given] };
    },
  };
}

/** A value required once another field holds a given answer. */
function requiredWhen(field: string, when: string, answer: string, key: MessageKey): CaseRule {
  return {
    fields: [field, when],
    problem: (state) => (state[when] === answer && !isSet(state[field]) ? { message: tr(key, { field: label(field) }), fields: [field, when] } : null),
  };
}

/**
 * The heaviest weight (kg) each species may be recorded with: above it, the weight was mistyped (grams
 * for kilograms, a digit too many). Each bound sits just above the heaviest animal of its kind on
 * record, so no real animal is refused:
 * - Dog 160: the heaviest dog recorded, Zorba, an English Mastiff, weighed 155.6 kg (Guinness World
 *   Records, 1989); Indian street dogs weigh 15-30 kg.
 * - Cat 25: the heaviest cat recorded, Himmy, weighed 21.3 kg (Guinness World Records, 1986).
 * - Bird 160: the ostrich, the heaviest living bird, reaches about 150 kg (emus, farmed in India,
 *   about 60 kg); flying birds stay under 25 kg.
 * - Other 1000: cattle, buffaloes, horses and camels, the largest animals an NGO takes in (the field's
 *   own limit).
 */
export const MAX_WEIGHT_KG: Readonly<Record<(typeof SPECIES)[number], number>> = { Dog: 160, Cat: 25, Bird: 160, Other: 1000 };

/** A number, or numeric text as a form holds it ('12.5'); null for anything else. */
function numeric(value: unknown): number | null {
  const n = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** The weight believable for the species (MAX_WEIGHT_KG). */
export const WEIGHT_RULE: CaseRule = {
  fields: ['animalSpecies', 'animalWeight'],
  problem: (state) => {
    const weight = numeric(state.animalWeight);
    const species = SPECIES.find((s) => s === state.animalSpecies);
    if (weight === null || species === undefined || weight <= MAX_WEIGHT_KG[species]) return null;
    return {
      message: tr('validation.weightForSpecies', { field: label('animalWeight'), value: weight, species: tr(optionKey('species', species)), max: MAX_WEIGHT_KG[species], other: label('animalSpecies') }),
      fields: ['animalWeight', 'animalSpecies'],
    };
  },
};

export const CASE_RULES: readonly CaseRule[] = [
  pairRule('captureLatitude', 'captureLongitude'),
  pairRule('releaseLatitude', 'releaseLongitude'),
  {
    // A male cannot be pregnant or lactating.
    fields: ['animalGender', 'animalPregnant', 'animalLactating'],
    problem: (state) => {
      if (state.animalGender !== 'Male') return null;
      const field = state.animalPregnant === 'Yes' ? 'animalPregnant' : state.animalLactating === 'Yes' ? 'animalLactating' : null;
      return field ? { message: tr('validation.maleNotPregnant', { field: label(field) }), fields: [field, 'animalGender'] } : null;
    },
  },
  WEIGHT_RULE,
  requiredWhen('unfitReason', 'fitForSurgery', 'No', 'validation.unfitReasonRequired'),
  {
    // An animal found unfit for surgery is not operated on: no operation may be recorded.
    fields: ['fitForSurgery', ...OPERATION_RECORD_FIELDS],
    problem: (state) => {
      if (state.fitForSurgery !== 'No') return null;
      const recorded = OPERATION_RECORD_FIELDS.find((field) => isSet(state[field]));
      return recorded ? { message: tr('validation.unfitNoOperation', { field: label(recorded) }), fields: [recorded, 'fitForSurgery'] } : null;
    },
  },
  {
    // A vaccine given after its expiry date is refused.
    fields: ['vaccinationDate', 'vaccineExpiry'],
    problem: (state) => {
      const given = text(state, 'vaccinationDate');
      const expiry = text(state, 'vaccineExpiry');
      return given !== null && expiry !== null && given > expiry
        ? { message: tr('validation.vaccineExpired', { field: label('vaccinationDate'), date: given, expiry }), fields: ['vaccinationDate', 'vaccineExpiry'] }
        : null;
    },
  },
  requiredWhen('cancelReason', 'surgeryCancelled', 'Yes', 'validation.cancelReasonRequired'),
  // The dates tell what happened, in order, and none is in the future (case-dates.ts).
  ...DATE_RULES,
  {
    // Times of one operation, on one day.
    fields: ['operationStartTime', 'operationEndTime'],
    problem: (state) => {
      const start = text(state, 'operationStartTime');
      const end = text(state, 'operationEndTime');
      return start !== null && end !== null && end < start
        ? {
            message: tr('validation.notBefore', { field: label('operationEndTime'), value: end, other: label('operationStartTime'), otherValue: start }),
            fields: ['operationEndTime', 'operationStartTime'],
          }
        : null;
    },
  },
];

/** Every rule among `rules` that the state breaks and the save touches ('all': every rule). */
export function caseRuleProblems(state: CaseState, touched: ReadonlySet<string> | 'all', context: RuleContext = {}, rules: readonly CaseRule[] = CASE_RULES): RuleProblem[] {
  const problems: RuleProblem[] = [];
  for (const rule of rules) {
    if (touched !== 'all' && !rule.fields.some((field) => touched.has(field))) continue;
    const problem = rule.problem(state, context);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** The first rule the state breaks among those the save touches ('all': every rule), in words. */
export function caseRuleProblem(state: CaseState, touched: ReadonlySet<string> | 'all', context: RuleContext = {}): string | null {
  return caseRuleProblems(state, touched, context)[0]?.message ?? null;
}

const EARTH_RADIUS_M = 6_371_008.8;

/** The great-circle distance in metres between two points given in degrees (haversine). */
export function haversineMetres(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The distance between the capture and the release point, in whole metres, when both are known. */
export function releaseDistanceOf(state: CaseState): number | null {
  const capture = { lat: num(state, 'captureLatitude'), lon: num(state, 'captureLongitude') };
  const release = { lat: num(state, 'releaseLatitude'), lon: num(state, 'releaseLongitude') };
  if (capture.lat === null || capture.lon === null || release.lat === null || release.lon === null) return null;
  return Math.round(haversineMetres({ lat: capture.lat, lon: capture.lon }, { lat: release.lat, lon: release.lon }));
}

/** A GPS fix less precise than this (its accuracy in metres) is shown to the worker as poor. */
export const POOR_FIX_ACCURACY_M = 100;

/** The release-where-caught check of a case (docs/product.md#abc-programme-records). */
export interface ReleaseCheck {
  /** The distance between the points in whole metres, null until both are known. */
  distance: number | null;
  /**
   * 'far': farther than the limit. 'unverified': a point's accuracy is worse than the limit, so the
   * distance cannot show the animal went back where it was caught. null: the check passed (or
   * there is nothing to check yet).
   */
  failed: 'far' | 'unverified' | null;
  /** For 'unverified': the worse of the two accuracies, in metres. */
  accuracy: number | null;
}

/**
 * Whether the release point is within the NGO's limit of the capture point. A point whose accuracy
 * is worse than the limit cannot tell: the check is then unverified, never passed.
 */
export function releaseCheckOf(state: CaseState, limit: number): ReleaseCheck {
  const distance = releaseDistanceOf(state);
  if (distance === null) return { distance, failed: null, accuracy: null };
  if (distance > limit) return { distance, failed: 'far', accuracy: null };
  const accuracy = Math.max(num(state, 'captureAccuracy') ?? 0, num(state, 'releaseAccuracy') ?? 0);
  return accuracy > limit ? { distance, failed: 'unverified', accuracy } : { distance, failed: null, accuracy: null };
}
