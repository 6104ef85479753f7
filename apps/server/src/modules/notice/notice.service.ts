import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
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
    private readonly whatsapp: { appSecret: string; verifyToken: string } | undefined,
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
    return { stopped: await this.stopIfAsked(reply.data.from, reply.data.text) };
  }

  /** WhatsApp's subscription check of its webhook: the challenge back when the token is ours. */
  whatsappSubscription(mode: string | undefined, token: string | undefined, challenge: string | undefined): string {
    if (!this.whatsapp) throw new NotFoundError(tr('notices.error.notConfigured'));
    if (mode !== 'subscribe' || token === undefined || !sameText(token, this.whatsapp.verifyToken) || !challenge) throw new UnauthorizedError(tr('notices.error.badSignature'));
    return challenge;
  }

  /**
   * WhatsApp's webhook of incoming messages, signed by Meta with the app's secret
   * (X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the body>). A text STOP ends notices for its
   * sender; anything else (statuses, other messages) is acknowledged and changes nothing.
   */
  async whatsappReply(rawBody: string, signature: string | undefined): Promise<{ stopped: number }> {
    if (!this.whatsapp) throw new NotFoundError(tr('notices.error.notConfigured'));
    const expected = `sha256=${createHmac('sha256', this.whatsapp.appSecret).update(rawBody).digest('hex')}`;
    if (signature === undefined || !sameText(signature, expected)) throw new UnauthorizedError(tr('notices.error.badSignature'));
    let json: WhatsAppWebhook;
    try {
      json = JSON.parse(rawBody) as WhatsAppWebhook;
    } catch {
      throw new ValidationError(tr('error.invalidJson'));
    }
    let stopped = 0;
    for (const entry of Array.isArray(json.entry) ? json.entry : []) {
      for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
        for (const message of Array.isArray(change?.value?.messages) ? change.value.messages : []) {
          if (message?.type === 'text' && typeof message.from === 'string' && typeof message.text?.body === 'string') stopped += await this.stopIfAsked(message.from, message.text.body);
        }
      }
    }
    return { stopped };
  }

  /** STOP (or a synonym) from a phone number ends notices for every report from it; answers how many. */
  private async stopIfAsked(from: string, text: string): Promise<number> {
    if (!STOP_WORDS.has(text.trim().toUpperCase())) return 0;
    const digits = phoneDigits(from);
    if (digits.length !== 10) return 0;
    const reports = await this.notices.subscribedReportsByPhoneAcrossNgos(digits);
    for (const report of reports) await this.notices.stopReport(report, 'reply');
    return reports.length;
  }
}

/** The part of WhatsApp's webhook body read here: entries of changes whose value holds messages. */
interface WhatsAppWebhook {
  entry?: { changes?: { value?: { messages?: { from?: unknown; type?: unknown; text?: { body?: unknown } }[] } }[] }[];
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
