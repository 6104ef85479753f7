import { z } from 'zod';
import { NOTICE_CHOICES } from '../citizen-report-values';
import { says } from './formats';

/**
 * Notices to a citizen reporter (issue 35, docs/citizen-reports.md#notices): one message at each
 * milestone of their report, by the channel they chose on the report page, in its language.
 */

/** The milestones a reporter is told of, in the order they come. */
export const NOTICE_MILESTONES = ['received', 'accepted', 'declined', 'pickedUp', 'operated', 'released', 'died'] as const;
export type NoticeMilestone = (typeof NOTICE_MILESTONES)[number];

export const NOTICE_CHANNELS = ['sms', 'whatsapp'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

export const NOTICE_STATUSES = ['queued', 'sent', 'failed', 'stopped'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

/** The report form's field: a reporter who says nothing gets no messages. */
export const NoticeChoiceSchema = z.enum(NOTICE_CHOICES, says('notices.error.channel')).default('none');

/** One notice as staff see it on the report: what, how, and when it went. Never the phone number. */
export const StaffNoticeSchema = z.object({
  milestone: z.enum(NOTICE_MILESTONES),
  channel: z.enum(NOTICE_CHANNELS),
  status: z.enum(NOTICE_STATUSES),
  attempts: z.number(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffNotice = z.infer<typeof StaffNoticeSchema>;

export const ReportNoticesSchema = z.object({
  channel: z.enum(NOTICE_CHANNELS).nullable(),
  stoppedAt: z.string().nullable(),
  list: z.array(StaffNoticeSchema),
});
export type ReportNotices = z.infer<typeof ReportNoticesSchema>;

/** The tracking page's "stop notices" link. */
export const StopNoticesParamsSchema = z.object({ token: z.string().max(100) });

/** A provider's inbound reply (e.g. STOP), as the signed webhook route takes it. */
export const InboundReplySchema = z.object({
  from: z.string().trim().min(6).max(20),
  text: z.string().max(1000),
});
export type InboundReply = z.infer<typeof InboundReplySchema>;
