/**
 * ABC programme records for the seeder (docs/product.md#abc-programme-records): where and when a
 * sterilisation case's dog was caught and released, by which squad, its ear notch and collar tag,
 * fitness, anti-rabies vaccine, daily post-operative log and any death, in plausible proportions.
 * Every value keeps the rules the server enforces, so a seeded case can be edited in the app.
 */
import { DEFAULT_RELEASE_THRESHOLD_M, releaseDistanceOf } from '@rescuedesk/shared';
import type { NewCaseRow } from '../db/schema';
import { DEATH_CAUSES, OVERRIDE_REASONS, POST_MORTEM_NOTES, UNFIT_NOTES, VACCINES, WARDS } from './seed-data';

export interface Random {
  next(): number;
  pick<T>(list: readonly T[]): T;
}

export interface Staff {
  id: number;
  role: string;
  name: string;
}

/** What the case itself already decided: its dates, stage and animal. */
export interface CaseFacts {
  index: number;
  type: string;
  status: string;
  mortality: string;
  species: string;
  gender: string;
  admitted: boolean;
  operated: boolean;
  recovering: boolean;
  /** Reported date and time. */
  date: string;
  time: string;
  pickupTime: string | null;
  /** Dates n days after the report (never after today). */
  later(days: number): string;
  admittedDays: number;
  operatedDays: number;
  careDays: number;
  staff: readonly Staff[];
  /** Small probabilities are raised for the demo, so its few cases show every kind of record. */
  boost: number;
}

export interface PostOpDayPlan {
  day_number: number;
  log_date: string;
  wound_state: string;
  appetite: string;
  temperature: number;
  medication: string | null;
  notes: string | null;
  created_by: number;
}

export interface AbcPlan {
  /** Columns to lay over the case row. */
  columns: Partial<NewCaseRow>;
  /** The case no longer has an operation (an unfit animal is not operated on). */
  noOperation: boolean;
  days: PostOpDayPlan[];
}

const METRES_PER_DEGREE = 111_195;

/** A point `metres` away from (lat, lon) in a random direction. */
function moved(rng: Random, lat: number, lon: number, metres: number): [number, number] {
  const angle = rng.next() * 2 * Math.PI;
  const dLat = (metres * Math.cos(angle)) / METRES_PER_DEGREE;
  const dLon = (metres * Math.sin(angle)) / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
  return [+(lat + dLat).toFixed(6), +(lon + dLon).toFixed(6)];
}

const between = (rng: Random, low: number, high: number) => low + rng.next() * (high - low);
const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const monthsAfter = (date: string, months: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

export function abcPlan(rng: Random, facts: CaseFacts): AbcPlan {
  // Every row names the same columns in a batched insert (SQLite has no DEFAULT inside VALUES).
  const plan: AbcPlan = { columns: { catching_squad: '[]', release_flagged: 0 }, noOperation: false, days: [] };
  const abc = facts.type === 'Sterilization' && facts.species === 'Dog';
  const columns = plan.columns;
  const workers = facts.staff.filter((s) => s.role === 'Worker');

  if (abc) {
    // Caught in a ward of the city, a short way from the ward's centre, by a squad of two or three.
    const [ward, locality, pin, lat, lon] = rng.pick(WARDS);
    const [captureLat, captureLon] = moved(rng, lat, lon, between(rng, 0, 1500));
    const squad = [...workers].sort(() => rng.next() - 0.5).slice(0, 2 + Math.floor(rng.next() * 2));
    const source = rng.next();
    Object.assign(columns, {
      location: `${1 + Math.floor(rng.next() * 200)}, ${locality}, Bengaluru`,
      pincode: String(pin),
      capture_latitude: captureLat,
      capture_longitude: captureLon,
      capture_accuracy: Math.round(between(rng, 5, 40)),
      capture_source: source < 0.85 ? 'device' : source < 0.95 ? 'photo' : 'manual',
      capture_date: facts.date,
      capture_time: facts.pickupTime ?? facts.time,
      catching_squad: JSON.stringify(squad.map((s) => s.id)),
      ward_zone: ward,
    } satisfies Partial<NewCaseRow>);
  }

  if (abc && facts.admitted) {
    // Lactating or pregnant females, and a few sick or injured dogs, are not operated on.
    const female = facts.gender === 'Female';
    const lactating = female && rng.next() < 0.06 * facts.boost;
    const pregnant = female && !lactating && rng.next() < 0.04 * facts.boost;
    const otherwiseUnfit = rng.next() < 0.02 * facts.boost;
    columns.collar_tag = `CT-${String(facts.index + 1).padStart(7, '0')}`;
    columns.animal_lactating = female ? (lactating ? 'Yes' : 'No') : null;
    columns.animal_pregnant = female ? (pregnant ? 'Yes' : 'No') : null;
    if (lactating || pregnant || otherwiseUnfit) {
      const reason = lactating ? 'Lactating' : pregnant ? 'Pregnant' : rng.pick(['Sick', 'Injured', 'Too young'] as const);
      Object.assign(columns, { fit_for_surgery: 'No', unfit_reason: reason, unfit_notes: UNFIT_NOTES[reason] ?? null } satisfies Partial<NewCaseRow>);
      plan.noOperation = true;
    } else if (facts.operated) {
      const notch = rng.next();
      Object.assign(columns, { fit_for_surgery: 'Yes', ear_notch: notch < 0.8 ? 'Left' : notch < 0.95 ? 'Right' : 'Not done', surgery_cancelled: 'No' } satisfies Partial<NewCaseRow>);
    }
  }

  // The anti-rabies vaccine, for sterilisation and vaccination cases that were admitted.
  if (facts.admitted && (abc || facts.type === 'Vaccination')) {
    const [name, prefix] = rng.pick(VACCINES);
    const given = facts.later(facts.operated && !plan.noOperation ? facts.operatedDays : facts.admittedDays);
    Object.assign(columns, {
      vaccine_name: name,
      vaccine_batch: `${prefix}-${given.slice(2, 4)}${given.slice(5, 7)}-${String(Math.floor(rng.next() * 90) + 10)}`,
      vaccination_date: given,
      vaccine_expiry: monthsAfter(given, 6 + Math.floor(rng.next() * 13)),
    } satisfies Partial<NewCaseRow>);
  }

  const operated = facts.operated && !plan.noOperation;
  const died = facts.mortality === 'Fatal';
  if (died) {
    Object.assign(columns, {
      death_date: facts.later(operated ? facts.operatedDays + 1 : facts.admittedDays),
      death_timing: operated ? 'After surgery' : 'Before surgery',
      death_cause: rng.pick(DEATH_CAUSES),
      post_mortem_notes: rng.next() < 0.7 ? rng.pick(POST_MORTEM_NOTES) : null,
    } satisfies Partial<NewCaseRow>);
  }

  // Released back where it was caught: mostly within 300 m, a few farther with a reason.
  if (abc && facts.status === 'Released' && !died && columns.capture_latitude != null && columns.capture_longitude != null) {
    const roll = rng.next();
    const far = roll < 0.03 * facts.boost;
    const metres = far ? between(rng, 600, 1500) : roll < 0.1 ? between(rng, 300, 480) : between(rng, 0, 300);
    const [lat, lon] = moved(rng, columns.capture_latitude, columns.capture_longitude, metres);
    const releaseDate = facts.later(facts.operatedDays + facts.careDays);
    const captureTime = columns.capture_time ?? '00:00';
    const morning = clock(6 * 60 + Math.floor(rng.next() * 180));
    Object.assign(columns, {
      release_latitude: lat,
      release_longitude: lon,
      release_accuracy: Math.round(between(rng, 5, 40)),
      release_time: releaseDate === facts.date && morning < captureTime ? captureTime : morning,
      release_override_reason: far ? rng.pick(OVERRIDE_REASONS) : null,
    } satisfies Partial<NewCaseRow>);
    const distance = releaseDistanceOf({
      captureLatitude: columns.capture_latitude,
      captureLongitude: columns.capture_longitude,
      releaseLatitude: lat,
      releaseLongitude: lon,
    });
    columns.release_distance_m = distance;
    columns.release_flagged = distance !== null && distance > DEFAULT_RELEASE_THRESHOLD_M ? 1 : 0;
    if (columns.release_flagged && !columns.release_override_reason) columns.release_override_reason = rng.pick(OVERRIDE_REASONS);
  }

  // A log entry for each of the first post-operative days of an operated dog.
  if (abc && operated && facts.recovering) {
    const days = Math.min(facts.careDays, facts.boost > 1 ? 5 : 3);
    const infected = rng.next() < 0.04 * facts.boost;
    for (let day = 1; day <= days; day++) {
      const wound = infected && day >= 2 ? (day === 2 ? 'Discharge' : 'Infected') : day === 1 && rng.next() < 0.3 ? 'Swollen' : 'Clean';
      plan.days.push({
        day_number: day,
        log_date: facts.later(facts.operatedDays + day),
        wound_state: wound,
        appetite: day === 1 ? rng.pick(['Reduced', 'Reduced', 'Good', 'None']) : rng.next() < 0.85 ? 'Good' : 'Reduced',
        temperature: Math.round(between(rng, 38, infected && day >= 2 ? 40.2 : 39.3) * 10) / 10,
        medication: day <= 3 ? 'Meloxicam 0.2 mg/kg once daily; Ceftriaxone 25 mg/kg' : null,
        notes: wound === 'Infected' ? 'Wound cleaned and re-dressed; antibiotics extended' : day === 1 ? 'Recovered from anaesthesia, walking' : null,
        created_by: rng.pick(workers.length > 0 ? workers : facts.staff).id,
      });
    }
  }
  return plan;
}
