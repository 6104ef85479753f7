import { tr, type MessageKey } from '../i18n';
import type { CaseRule, CaseState, RuleProblem } from './case-rules';

/**
 * A case's dates tell what happened, in order (docs/product.md#dates-of-a-case): none is in the
 * future, and the events follow each other as the work does: reported, then caught, picked up or
 * admitted, then operated on, then post-operative care, then released or dead. Dates are calendar
 * dates (YYYY-MM-DD) and times wall-clock times (hh:mm) on the NGO's own calendar; the rules compare
 * them as text, which sorts as time does.
 */

/** A moment on a wall clock: its calendar date and its time to the minute. */
export interface WallClock {
  readonly date: string;
  readonly time: string;
}

/** How far ahead of the server's clock a phone's may run before a time it stamps counts as the future. */
export const DEFAULT_CLOCK_SKEW_MINUTES = 5;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    formats.set(key, format);
  }
  return format;
}

/** The wall clock of a time zone (an IANA name; undefined: the runtime's own) at an instant (ms since the epoch). */
export function wallClockAt(instant: number, timeZone?: string): WallClock {
  const part: Record<string, string> = {};
  for (const p of formatOf(timeZone).formatToParts(instant)) part[p.type] = p.value;
  return { date: `${(part.year ?? '').padStart(4, '0')}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
}

/**
 * The latest moment an event may be recorded at: now plus the clock skew allowed, on the zone's
 * wall clock. A date after its date, or a time after its time on that date, is in the future.
 */
export function latestEventMoment(now: number, skewMinutes: number, timeZone?: string): WallClock {
  return wallClockAt(now + skewMinutes * 60_000, timeZone);
}

/** One event of a case: its date field, and the time fields that place it within the day. */
interface CaseEvent {
  readonly date: string;
  /** When it began (or happened). */
  readonly start?: string;
  /** When it ended, if it lasts (an operation): what a later event on the same day must not precede. */
  readonly end?: string;
}

const REPORTED: CaseEvent = { date: 'reportedDate', start: 'reportedTime' };
const PICKUP: CaseEvent = { date: 'pickupDate', start: 'pickupTime' };
const CAPTURE: CaseEvent = { date: 'captureDate', start: 'captureTime' };
const ADMISSION: CaseEvent = { date: 'admissionDate' };
const OPERATION: CaseEvent = { date: 'operationDate', start: 'operationStartTime', end: 'operationEndTime' };
const POP_START: CaseEvent = { date: 'popStartDate' };
const POP_END: CaseEvent = { date: 'popEndDate' };
const RELEASE: CaseEvent = { date: 'releaseDate', start: 'releaseTime' };
const DEATH: CaseEvent = { date: 'deathDate' };
const VACCINATION: CaseEvent = { date: 'vaccinationDate' };

/**
 * The stages of a case in the order they happen; events of one stage may come in any order among
 * themselves (a squad's catch, a pickup and an admission are recorded differently by different
 * NGOs). The blood test has no date of its own. The vaccination is not a stage: an animal may be
 * vaccinated at any point after it was caught.
 */
const STAGES: readonly (readonly CaseEvent[])[] = [[REPORTED], [PICKUP, CAPTURE, ADMISSION], [OPERATION], [POP_START], [POP_END], [RELEASE, DEATH]];

/** Every event that can be in the future: all the stages' events and the vaccination. */
const EVENTS: readonly CaseEvent[] = [...STAGES.flat(), VACCINATION];

/** The state key of the daily post-operative log's days ({ dayNumber, logDate }), when a check needs them. */
export const POST_OP_DAYS_KEY = 'postOpDays';

/** The earliest date an event of a case may have: no NGO keeps digital records of rescues older than this. */
export const EARLIEST_EVENT_DATE = '2000-01-01';

const label = (field: string) => tr(`field.${field}` as MessageKey);

function text(state: CaseState, field: string | undefined): string | null {
  if (field === undefined) return null;
  const value = state[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

function fieldsOf(event: CaseEvent): string[] {
  return [event.date, event.start, event.end].filter((field): field is string => field !== undefined);
}

function notBefore(field: string, fieldLabel: string, value: string, other: string, otherValue: string): RuleProblem {
  return { message: tr('validation.notBefore', { field: fieldLabel, value, other: label(other), otherValue }), fields: [field, other] };
}

/**
 * `later` does not come before `earlier`: by date, and on the same day by time when both have one
 * (an operation's end time, if known, else its start).
 */
function orderRule(later: CaseEvent, earlier: CaseEvent): CaseRule {
  return {
    fields: [...fieldsOf(later), ...fieldsOf(earlier)],
    problem: (state) => {
      const day = text(state, later.date);
      const otherDay = text(state, earlier.date);
      if (day === null || otherDay === null || day > otherDay) return null;
      if (day < otherDay) return notBefore(later.date, label(later.date), day, earlier.date, otherDay);
      const time = text(state, later.start);
      const otherTimeField = text(state, earlier.end) !== null ? earlier.end : earlier.start;
      const otherTime = text(state, otherTimeField);
      if (time === null || otherTime === null || otherTimeField === undefined || later.start === undefined || time >= otherTime) return null;
      return notBefore(later.start, label(later.start), `${day} ${time}`, otherTimeField, `${otherDay} ${otherTime}`);
    },
  };
}

/** An event is not recorded before it can have happened, nor after now (with the clock skew allowed). */
function whenRule(event: CaseEvent): CaseRule {
  const times = [event.start, event.end].filter((field): field is string => field !== undefined);
  return {
    fields: fieldsOf(event),
    problem: (state, context) => {
      const day = text(state, event.date);
      if (day === null) return null;
      if (day < EARLIEST_EVENT_DATE) return { message: tr('validation.tooEarly', { field: label(event.date), value: day, earliest: EARLIEST_EVENT_DATE }), fields: [event.date] };
      const latest = context?.latest;
      if (!latest || day < latest.date) return null;
      if (day > latest.date) return { message: tr('validation.inFuture', { field: label(event.date), value: day }), fields: [event.date] };
      const late = times.find((field) => (text(state, field) ?? '') > latest.time);
      return late === undefined ? null : { message: tr('validation.inFuture', { field: label(late), value: `${day} ${text(state, late)}` }), fields: [late] };
    },
  };
}

interface LogDay {
  dayNumber: number;
  logDate: string | null;
}

function logDaysOf(state: CaseState): LogDay[] {
  const days = state[POST_OP_DAYS_KEY];
  return Array.isArray(days) ? (days as LogDay[]).filter((day) => typeof day.logDate === 'string' && day.logDate !== '') : [];
}

/** The days of the daily post-operative log come after the operation. */
const LOG_AFTER_OPERATION: CaseRule = {
    fields: [POST_OP_DAYS_KEY, OPERATION.date],
    problem: (state) => {
      const operation = text(state, OPERATION.date);
      const early = operation === null ? undefined : logDaysOf(state).find((day) => (day.logDate as string) < operation);
      if (operation === null || early === undefined) return null;
      return notBefore(POST_OP_DAYS_KEY, tr('validation.postOpDayDate', { day: early.dayNumber }), early.logDate as string, OPERATION.date, operation);
    },
};

/** No day of the log is in the future, nor before records began. */
const LOG_DAYS_WHEN: CaseRule = {
    fields: [POST_OP_DAYS_KEY],
    problem: (state, context) => {
      const latest = context?.latest;
      for (const day of logDaysOf(state)) {
        const date = day.logDate as string;
        const field = tr('validation.postOpDayDate', { day: day.dayNumber });
        if (date < EARLIEST_EVENT_DATE) return { message: tr('validation.tooEarly', { field, value: date, earliest: EARLIEST_EVENT_DATE }), fields: [POST_OP_DAYS_KEY] };
        if (latest && date > latest.date) return { message: tr('validation.inFuture', { field, value: date }), fields: [POST_OP_DAYS_KEY] };
      }
      return null;
    },
};

/** Each later stage's events against every earlier stage's, the nearest stage first (the message names the closest event out of order). */
function stageOrderRules(): CaseRule[] {
  const rules: CaseRule[] = [];
  STAGES.forEach((stage, index) => {
    for (const later of stage) {
      for (let earlier = index - 1; earlier >= 0; earlier--) for (const event of STAGES[earlier] ?? []) rules.push(orderRule(later, event));
    }
  });
  return rules;
}

/** The order of a case's dates, without the clock: what the one-off check of stored cases reads. */
export const DATE_ORDER_RULES: readonly CaseRule[] = [
  ...stageOrderRules(),
  // A vaccine is given to an animal in hand.
  orderRule(VACCINATION, CAPTURE),
  // An ABC report counts each event in its month: a dog is not released after its death (the
  // death would be counted and the release too).
  orderRule(DEATH, RELEASE),
  LOG_AFTER_OPERATION,
];

/** Every rule of a case's dates: their order, and each event not in the future nor before records began. */
export const DATE_RULES: readonly CaseRule[] = [...EVENTS.map(whenRule), ...DATE_ORDER_RULES, LOG_DAYS_WHEN];
