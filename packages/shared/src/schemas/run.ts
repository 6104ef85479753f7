import { z } from 'zod';
import { CASE_STATUSES } from '../option-values';
import { IdSchema } from './common';
import { blankToNull, optionalNumber } from './case-options';
import { apiParam, dateText, numberLike, optionalText, says, timeText, wholeNumberLike } from './formats';
import { ListInputSchema, NgoChoiceSchema, PageMetaSchema } from './list';

/**
 * Runs: a day's catching or release drive, its stops ordered from a start point (runs/tour.ts),
 * each stop a case the crew marks (docs/product.md#runs). An ended run is the capture register of
 * the ABC Rules.
 */

export const RUN_KINDS = ['catching', 'release'] as const;
export type RunKind = (typeof RUN_KINDS)[number];
export const RUN_STATUSES = ['planned', 'inProgress', 'ended'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
/** 'pickedUp' ends a catching run's stop, 'released' a release run's. */
export const STOP_MARKS = ['pending', 'pickedUp', 'released', 'notFound', 'refused'] as const;
export type StopMark = (typeof STOP_MARKS)[number];
/** The most stops a run may have: a van's day, and what the planner's tour works out at once. */
export const MAX_RUN_STOPS = 60;

const latitude = (label: Parameters<typeof numberLike>[0]) => numberLike(label, { min: -90, max: 90 });
const longitude = (label: Parameters<typeof numberLike>[0]) => numberLike(label, { min: -180, max: 180 });

/** Where the van starts: the NGO's base (kept on the NGO), or a point (the device's position). */
export const RunStartSchema = z.discriminatedUnion(
  'source',
  [
    z.object({ source: z.literal('ngo') }),
    z.object({
      source: z.literal('device'),
      latitude: latitude('runs.field.startPoint'),
      longitude: longitude('runs.field.startPoint'),
      /** Keep this point as the NGO's base for later runs (Admin and Founder). */
      keepAsNgoBase: z.boolean().optional(),
    }),
  ],
  says('validation.oneOf', 'runs.field.startPoint', { options: 'ngo, device' }),
);
export type RunStart = z.infer<typeof RunStartSchema>;

export const CreateRunInputSchema = z.object({
  ...NgoChoiceSchema,
  runDate: dateText('runs.field.runDate'),
  kind: z.enum(RUN_KINDS, says('validation.oneOf', 'runs.field.kind', { options: RUN_KINDS.join(', ') })),
  squad: z.array(IdSchema, says('validation.squadMember', 'runs.field.squad')).max(20).default([]),
  vehicle: optionalText('runs.field.vehicle', 50),
  locality: optionalText('runs.field.locality', 100),
  start: RunStartSchema,
  caseIds: z
    .array(IdSchema, says('runs.validation.caseIds', 'runs.field.stops'))
    .min(1, says('runs.validation.caseIds', 'runs.field.stops'))
    .max(MAX_RUN_STOPS, says('runs.validation.tooManyStops', 'runs.field.stops', { max: String(MAX_RUN_STOPS) })),
});
export type CreateRunInput = z.infer<typeof CreateRunInputSchema>;

export const RunIdInputSchema = z.object({ runId: IdSchema });

/** The NGO whose base point is asked (an Admin names one; anyone else gets their own). */
export const NgoBaseInputSchema = z.object({ ...NgoChoiceSchema });
export const NgoBaseSchema = z.object({ latitude: z.number(), longitude: z.number() }).nullable();
export type NgoBase = z.infer<typeof NgoBaseSchema>;

export const RunListInputSchema = ListInputSchema.unwrap()
  .extend({
    /** Runs of this day only (YYYY-MM-DD). */
    runDate: z.preprocess(blankToNull, dateText('runs.field.runDate').nullable()).optional(),
  })
  .prefault({});
export type RunListInput = z.infer<typeof RunListInputSchema>;

/** A crew's mark on one stop, with the moment and the place it was made (sent later when offline). */
export const MarkStopInputSchema = z.object({
  runId: IdSchema,
  stopId: IdSchema,
  mark: z.enum(['pickedUp', 'released', 'notFound', 'refused'], says('validation.oneOf', 'runs.field.mark', { options: 'pickedUp, released, notFound, refused' })),
  /** Why the stop was refused (required then), or why a release is far from the capture point. */
  reason: optionalText('runs.field.reason', 500),
  /** The device's local date and time when the mark was made. */
  markedDate: dateText('runs.field.markedAt'),
  markedTime: timeText('runs.field.markedAt'),
  latitude: optionalNumber('runs.field.markPoint', { min: -90, max: 90 }),
  longitude: optionalNumber('runs.field.markPoint', { min: -180, max: 180 }),
  accuracy: optionalNumber('runs.field.markPoint', { min: 0, max: 100_000 }),
});
export type MarkStopInput = z.infer<typeof MarkStopInputSchema>;

/** The widest "near me" circle the planner offers, in km: a city's width. */
export const MAX_NEAR_KM = 50;

/** Open cases near a point (the van's position): within `radiusKm` of it, the nearest first. */
export const RunNearSchema = z.object({
  latitude: latitude('runs.field.nearPoint'),
  longitude: longitude('runs.field.nearPoint'),
  radiusKm: numberLike('runs.field.radius', { min: 0.1, max: MAX_NEAR_KM }),
});
export type RunNear = z.infer<typeof RunNearSchema>;

/**
 * Open cases that may go on a run: a page of the NGO's, filtered by status, a locality/pincode
 * search, a circle round the van, or the ids handed to the planner (the cases picked on the map).
 */
export const RunCandidatesInputSchema = ListInputSchema.unwrap()
  .extend({
    status: z.preprocess(blankToNull, z.enum(CASE_STATUSES, says('validation.oneOf', apiParam('status'), { options: CASE_STATUSES.join(', ') })).nullable()).optional(),
    ids: z.array(IdSchema, says('runs.validation.caseIds', 'runs.field.stops')).max(MAX_RUN_STOPS, says('runs.validation.tooManyStops', 'runs.field.stops', { max: String(MAX_RUN_STOPS) })).optional(),
    near: RunNearSchema.optional(),
    pageSize: wholeNumberLike(apiParam('pageSize'), { min: 1, max: 100 }).default(100),
  })
  .prefault({});
export type RunCandidatesInput = z.infer<typeof RunCandidatesInputSchema>;

export const RunCandidateSchema = z.object({
  id: z.number(),
  status: z.enum(CASE_STATUSES),
  location: z.string().nullable(),
  landmark: z.string().nullable(),
  pincode: z.string().nullable(),
  wardZone: z.string().nullable(),
  uniqueID: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type RunCandidate = z.infer<typeof RunCandidateSchema>;
export const RunCandidateListSchema = z.object({ data: z.array(RunCandidateSchema), meta: PageMetaSchema });

export const RunStopSchema = z.object({
  id: z.number(),
  position: z.number(),
  caseId: z.number(),
  location: z.string().nullable(),
  landmark: z.string().nullable(),
  pincode: z.string().nullable(),
  uniqueID: z.string().nullable(),
  /** The point the stop was planned at (the case's capture point then). */
  latitude: z.number(),
  longitude: z.number(),
  mark: z.enum(STOP_MARKS),
  reason: z.string().nullable(),
  markedDate: z.string().nullable(),
  markedTime: z.string().nullable(),
  markLatitude: z.number().nullable(),
  markLongitude: z.number().nullable(),
  markAccuracy: z.number().nullable(),
  markedByName: z.string().nullable(),
});
export type RunStop = z.infer<typeof RunStopSchema>;

export const RunSummarySchema = z.object({
  id: z.number(),
  ngoId: z.number(),
  ngoName: z.string().nullable(),
  runDate: z.string(),
  kind: z.enum(RUN_KINDS),
  status: z.enum(RUN_STATUSES),
  vehicle: z.string().nullable(),
  locality: z.string().nullable(),
  totalMetres: z.number(),
  stopCount: z.number(),
  doneCount: z.number(),
});
export type RunSummary = z.infer<typeof RunSummarySchema>;
export const RunListSchema = z.object({ data: z.array(RunSummarySchema), meta: PageMetaSchema });
export type RunList = z.infer<typeof RunListSchema>;

export const RunSchema = RunSummarySchema.extend({
  squad: z.array(z.object({ id: z.number(), name: z.string() })),
  startSource: z.enum(['ngo', 'device']),
  startLatitude: z.number(),
  startLongitude: z.number(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  stops: z.array(RunStopSchema),
});
export type Run = z.infer<typeof RunSchema>;
