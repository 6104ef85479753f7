import { createHash } from 'node:crypto';
import { InboundReplySchema, TokenSchema, tr } from '@rescuedesk/shared';
import { NotFoundError, UnauthorizedError, ValidationError } from '../../errors';
import { formatZodError } from '../../lib/validation';
import { phoneDigits } from './notice-link';
import { verifyNoticeSignature } from './notice-signature';
import type { NoticeRepository } from './notice.repository';

/** Replies that end notices: what Indian SMS users and WhatsApp users send (case and spaces ignored). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'रोकें', 'बंद']);

/**
 * The reporter's way out of notices: the tracking page's link (the token proves the report), or a
 * STOP reply that the provider forwards to a signed route. Either is recorded on the report
 * (notices_stopped_at and _via), and what was still queued is not sent.
 */
export class NoticeService {
  constructor(
    private readonly notices: NoticeRepository,
    private readonly inboundSecret: string | undefined,
  ) {}

  async stopByToken(token: string): Promise<void> {
    const valid = TokenSchema.safeParse(token);
    const report = valid.success ? await this.notices.reportByTokenHashAcrossNgos(createHash('sha256').update(valid.data).digest('hex')) : undefined;
    if (!report) throw new NotFoundError(tr('citizen.error.trackingNotFound'));
    if (!report.notices_stopped_at) await this.notices.stopReport(report, 'link');
  }

  /**
   * A provider's inbound reply, signed with NOTICE_INBOUND_SECRET over the raw body. STOP (or a
   * synonym) ends notices for every report from that phone number; any other text changes nothing.
   * Answers how many reports it stopped.
   */
  async inboundReply(rawBody: string, headers: { signature: string | undefined; timestamp: string | undefined }): Promise<{ stopped: number }> {
    if (!this.inboundSecret) throw new NotFoundError(tr('notices.error.notConfigured'));
    if (!verifyNoticeSignature(this.inboundSecret, headers, rawBody)) throw new UnauthorizedError(tr('notices.error.badSignature'));
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw new ValidationError(tr('error.invalidJson'));
    }
    const reply = InboundReplySchema.safeParse(json);
    if (!reply.success) throw new ValidationError(formatZodError(reply.error));
    if (!STOP_WORDS.has(reply.data.text.trim().toUpperCase())) return { stopped: 0 };
    const digits = phoneDigits(reply.data.from);
    if (digits.length !== 10) return { stopped: 0 };
    const reports = await this.notices.subscribedReportsByPhoneAcrossNgos(digits);
    for (const report of reports) await this.notices.stopReport(report, 'reply');
    return { stopped: reports.length };
  }
}
