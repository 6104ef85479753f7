import { tr, type MessageKey } from '../i18n';

/**
 * The ABC programme's rules across the fields of a case (docs/product.md#abc-programme-records).
 * Each rule reads the case's merged state: the stored values of every step with the request's
 * values laid over them, one flat record by field name (as the step table names them). The server
 * checks them inside the saving transaction; the browser may check the same for early feedback.
 * A rule is checked when a save touches one of its fields, so an old record that breaks a rule
 * does not block saves of unrelated fields.
 */
export type CaseState = Readonly<Record<string, unknown>>;

export interface CaseRule {
  /** The fields the rule reads; a save that carries one of them is checked. */
  readonly fields: readonly string[];
  /** The problem in words, or null when the state keeps the rule. */
  problem(state: CaseState): string | null;
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
      return tr('validation.coordinatesTogether', { field: label(missing), other: label(given) });
    },
  };
}

/** A value required once another field holds a given answer. */
function requiredWhen(field: string, when: string, answer: string, key: MessageKey): CaseRule {
  return {
    fields: [field, when],
    problem: (state) => (state[when] === answer && !isSet(state[field]) ? tr(key, { field: label(field) }) : null),
  };
}

/** One date (and optional time) not before another. */
function notBefore(later: string, earlier: string): CaseRule {
  return {
    fields: [later, earlier],
    problem: (state) => {
      const a = text(state, later);
      const b = text(state, earlier);
      return a !== null && b !== null && a < b ? tr('validation.notBefore', { field: label(later), value: a, other: label(earlier), otherValue: b }) : null;
    },
  };
}

/** The moment of an event as sortable text: its date, with its time when known. */
function moment(state: CaseState, date: string, time: string): { date: string; time: string | null } | null {
  const day = text(state, date);
  return day === null ? null : { date: day, time: text(state, time) };
}

export const CASE_RULES: readonly CaseRule[] = [
  pairRule('captureLatitude', 'captureLongitude'),
  pairRule('releaseLatitude', 'releaseLongitude'),
  {
    // A male cannot be pregnant or lactating.
    fields: ['animalGender', 'animalPregnant', 'animalLactating'],
    problem: (state) => {
      if (state.animalGender !== 'Male') return null;
      const field = state.animalPregnant === 'Yes' ? 'animalPregnant' : state.animalLactating === 'Yes' ? 'animalLactating' : null;
      return field ? tr('validation.maleNotPregnant', { field: label(field) }) : null;
    },
  },
  requiredWhen('unfitReason', 'fitForSurgery', 'No', 'validation.unfitReasonRequired'),
  {
    // An animal found unfit for surgery is not operated on: no operation may be recorded.
    fields: ['fitForSurgery', ...OPERATION_RECORD_FIELDS],
    problem: (state) => {
      if (state.fitForSurgery !== 'No') return null;
      const recorded = OPERATION_RECORD_FIELDS.find((field) => isSet(state[field]));
      return recorded ? tr('validation.unfitNoOperation', { field: label(recorded) }) : null;
    },
  },
  {
    // A vaccine given after its expiry date is refused.
    fields: ['vaccinationDate', 'vaccineExpiry'],
    problem: (state) => {
      const given = text(state, 'vaccinationDate');
      const expiry = text(state, 'vaccineExpiry');
      return given !== null && expiry !== null && given > expiry ? tr('validation.vaccineExpired', { field: label('vaccinationDate'), date: given, expiry }) : null;
    },
  },
  requiredWhen('cancelReason', 'surgeryCancelled', 'Yes', 'validation.cancelReasonRequired'),
  notBefore('operationDate', 'admissionDate'),
  // An ABC report counts each event in its month: none may come before the dog was caught, and a
  // dog is not released after its death (the death would be counted and the release too).
  notBefore('operationDate', 'captureDate'),
  notBefore('deathDate', 'captureDate'),
  notBefore('deathDate', 'releaseDate'),
  {
    // Times of one operation, on one day.
    fields: ['operationStartTime', 'operationEndTime'],
    problem: (state) => {
      const start = text(state, 'operationStartTime');
      const end = text(state, 'operationEndTime');
      return start !== null && end !== null && end < start
        ? tr('validation.notBefore', { field: label('operationEndTime'), value: end, other: label('operationStartTime'), otherValue: start })
        : null;
    },
  },
  {
    // Release not before capture: by date, and by time on the same day.
    fields: ['captureDate', 'captureTime', 'releaseDate', 'releaseTime'],
    problem: (state) => {
      const capture = moment(state, 'captureDate', 'captureTime');
      const release = moment(state, 'releaseDate', 'releaseTime');
      if (!capture || !release) return null;
      const early = release.date < capture.date || (release.date === capture.date && release.time !== null && capture.time !== null && release.time < capture.time);
      const show = (m: { date: string; time: string | null }) => (m.time ? `${m.date} ${m.time}` : m.date);
      return early ? tr('validation.releaseBeforeCapture', { release: show(release), capture: show(capture) }) : null;
    },
  },
];

/** The first rule the state breaks among those the save touches ('all': every rule), in words. */
export function caseRuleProblem(state: CaseState, touched: ReadonlySet<string> | 'all'): string | null {
  for (const rule of CASE_RULES) {
    if (touched !== 'all' && !rule.fields.some((field) => touched.has(field))) continue;
    const problem = rule.problem(state);
    if (problem) return problem;
  }
  return null;
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
