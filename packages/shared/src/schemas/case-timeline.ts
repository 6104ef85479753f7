import { z } from 'zod';
import { IdSchema } from './common';
import { apiParam, says, wholeNumberLike } from './formats';
import { pageOf } from './list';
import { EMPTIED_BY, REPORTER_PERSONAL_FIELDS } from '../privacy';

/**
 * The case timeline (docs/product.md#the-case-timeline): every change to a case, newest first, with
 * who made it (name and role at the time), when, and each field's old and new value. Images appear
 * by their stored file names; nothing secret is ever recorded.
 */

/** A recorded value: text, a number, a yes/no, nothing, or a list (image file names, user ids). */
export const TimelineValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.union([z.string(), z.number()]))]);
export type TimelineValue = z.infer<typeof TimelineValueSchema>;

/**
 * One field's change. Fields of a post-operative log entry are named `postOpDays.<day>.<field>`.
 * For a view of an identity document, `field` names the document's field and `from` and `to` both
 * hold its file name (nothing changed).
 */
export const FieldChangeSchema = z.object({ field: z.string(), from: TimelineValueSchema, to: TimelineValueSchema });
export type FieldChange = z.infer<typeof FieldChangeSchema>;

/** The audit action of a view of a case's identity document; shown to Admins and Founders only. */
export const IDENTITY_VIEW_ACTION = 'viewIdentityImage';

export const TimelineEntrySchema = z.object({
  id: z.number(),
  /** When the change reached the server. */
  at: z.string(),
  /** When it was made on the device, if the device said so (a change entered offline is sent later); null otherwise. */
  madeAt: z.string().nullable(),
  /** createCase is 'create'; step saves are named by their routes ('updateAnimalDetail'); also 'update', 'delete', 'restore', 'deleteImage', 'addPostOpDay', 'updatePostOpDay', 'deletePostOpDay', 'viewIdentityImage'. */
  action: z.string(),
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  /** The names of the fields concerned (older entries, written before values were kept, have names only). */
  fields: z.array(z.string()),
  changes: z.array(FieldChangeSchema),
  /**
   * Set when the reporter fields' values in `changes` were emptied (docs/decisions/024): by the
   * retention period (`ref` is the run's day), an erasure request (`ref` is its number), or
   * before migration 037 recorded which (`earlier`, `ref` is when the case was emptied).
   */
  emptied: z.object({ by: z.enum(EMPTIED_BY), ref: z.string() }).optional(),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

export const CaseTimelineInputSchema = z.object({
  caseId: IdSchema,
  page: wholeNumberLike(apiParam('page'), { min: 1, max: 1_000_000 }).default(1),
  pageSize: wholeNumberLike(apiParam('pageSize'), { min: 1, max: 100 }).default(20),
});
export type CaseTimelineInput = z.infer<typeof CaseTimelineInputSchema>;

export const CaseTimelineSchema = pageOf(TimelineEntrySchema);
export type CaseTimeline = z.infer<typeof CaseTimelineSchema>;

/** Ward/zone names used on the NGO's earlier cases that match the typed text, most used first. */
export const WardSuggestionsInputSchema = z.object({
  search: z.string(says('validation.text', apiParam('search'))).trim().max(100, says('validation.maxLength', apiParam('search'), { max: '100' })).default(''),
  /** An Admin names the NGO whose wards to suggest; everyone else gets their own. */
  ngoId: IdSchema.optional(),
});
export type WardSuggestionsInput = z.infer<typeof WardSuggestionsInputSchema>;
export const MAX_WARD_SUGGESTIONS = 20;

/** Staff of a case's NGO, for the catching squad: active members, and any former member already on the squad. */
export const CaseStaffMemberSchema = z.object({ id: z.number(), name: z.string(), active: z.boolean() });
export type CaseStaffMember = z.infer<typeof CaseStaffMemberSchema>;

/** An Admin names the NGO whose directory lists to fetch; everyone else gets their own. */
export const DirectoryChoicesInputSchema = z.object({ ngoId: IdSchema.optional() });
export type DirectoryChoicesInput = z.infer<typeof DirectoryChoicesInputSchema>;
/** At most this many reporters come with the choices (the most recently added), for the typeahead offline. */
export const MAX_REPORTER_CHOICES = 200;
/**
 * What a case step's pickers offer, for one NGO, in one answer: its vets (id and name), its active
 * staff for the catching squad, and its latest reporters. Kept on the device so the pickers work
 * offline (docs/decisions/012).
 */
export const DirectoryChoicesSchema = z.object({
  vets: z.array(z.object({ id: z.number(), name: z.string() })),
  staff: z.array(CaseStaffMemberSchema),
  reporters: z.array(
    z.object({ id: z.number(), ngoId: z.number(), name: z.string(), contact: z.string(), alternateContact: z.string().nullable(), email: z.string().nullable(), maskedFields: z.array(z.enum(REPORTER_PERSONAL_FIELDS)).optional() }),
  ),
});
export type DirectoryChoices = z.infer<typeof DirectoryChoicesSchema>;
