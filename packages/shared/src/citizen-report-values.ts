/**
 * The citizen report's plain values (issue 35), without zod: the public report page imports these
 * alone, so that its small bundle carries no schema library (docs/citizen-reports.md).
 */
export const REPORT_CONDITIONS = ['injured', 'sick', 'puppies', 'aggressive', 'dead', 'other'] as const;
export type ReportCondition = (typeof REPORT_CONDITIONS)[number];
export const REPORT_ANIMALS = ['Dog', 'Cat', 'Bird', 'Other'] as const;
export const REPORT_STATUSES = ['new', 'accepted', 'declined'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Photos a citizen may send with one report, and the size of each after the browser reduced it. */
export const MAX_REPORT_PHOTOS = 3;
export const MAX_REPORT_PHOTO_BYTES = 5 * 1024 * 1024;

/**
 * What a reporter may add to an open report from the tracking page (docs/citizen-reports.md#adding-to-a-report):
 * a comment of at most this length, or one photo at a time (checked as the report's own photos); at most
 * this many photos and additions in all on one report.
 */
export const MAX_ADDITION_COMMENT = 1000;
export const MAX_ADDED_PHOTOS = 5;
export const MAX_ADDITIONS = 20;

/** The privacy notice the page shows; its version is stored with the consent. */
export const CITIZEN_NOTICE_VERSION = '2026-11-29';

/** A short code to read out on the phone: no 0/O, 1/I/L, so it survives being spoken and typed. */
export const REPORT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REPORT_CODE_LENGTH = 8;

export const MILESTONES = ['received', 'accepted', 'declined', 'pickedUp', 'admitted', 'operated', 'released', 'died'] as const;
export type Milestone = (typeof MILESTONES)[number];

/** How a reporter may ask to hear back (docs/citizen-reports.md#notices); `none` is the default. */
export const NOTICE_CHOICES = ['none', 'sms', 'whatsapp'] as const;
export type NoticeChoice = (typeof NOTICE_CHOICES)[number];
