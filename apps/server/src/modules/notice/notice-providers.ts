import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { maskPhone, type NoticeChannel, type NoticeMilestone } from '@rescuedesk/shared';
import type { NoticeProviderConfig } from '../../config';
import { signNotice, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './notice-signature';

/** One message to send: the worker has rendered it; an adapter only shapes it for its provider. */
export interface OutgoingNotice {
  /** The same for every attempt at this notice: providers that take one drop a repeat. */
  idempotencyKey: string;
  channel: NoticeChannel;
  /** India's country code and the ten digits, e.g. 919848011410. */
  to: string;
  language: 'en' | 'hi';
  milestone: NoticeMilestone;
  /** The whole message in the reporter's language (log and webhook send it as it is). */
  text: string;
  /** What template providers (DLT SMS, WhatsApp) fill their approved templates with. */
  values: { ngo: string; code: string; link: string; reason: string };
}

/** What a provider's answer means for the queue: done, try again later, or never. */
export type SendOutcome = { outcome: 'sent'; providerId: string | null } | { outcome: 'retry'; error: string } | { outcome: 'giveUp'; error: string };

export interface NoticeProvider {
  readonly name: string;
  send(notice: OutgoingNotice): Promise<SendOutcome>;
}

type ProviderSettings<K extends NoticeProviderConfig['kind']> = Extract<NoticeProviderConfig, { kind: K }>;

export function providerFor(config: NoticeProviderConfig, timeoutMs: number): NoticeProvider {
  switch (config.kind) {
    case 'log':
      return new LogProvider(config.file);
    case 'webhook':
      return new WebhookProvider(config, timeoutMs);
    case 'msg91':
      return new Msg91Provider(config, timeoutMs);
    case 'whatsapp':
      return new WhatsAppProvider(config, timeoutMs);
  }
}

/**
 * The embedded default: each notice is one JSON line in DATA_DIR/notices/notices.log, its phone
 * masked, and never in the app log (docs/privacy.md: no personal data in logs).
 */
export class LogProvider implements NoticeProvider {
  readonly name = 'log';

  constructor(private readonly file: string) {}

  async send(notice: OutgoingNotice): Promise<SendOutcome> {
    const line = { at: new Date().toISOString(), id: notice.idempotencyKey, channel: notice.channel, to: maskPhone(notice.to), language: notice.language, milestone: notice.milestone, text: notice.text };
    try {
      await mkdir(path.dirname(this.file), { recursive: true });
      await appendFile(this.file, `${JSON.stringify(line)}\n`);
      return { outcome: 'sent', providerId: notice.idempotencyKey };
    } catch (err) {
      return { outcome: 'retry', error: `notice log not written: ${(err as NodeJS.ErrnoException).code ?? 'error'}` };
    }
  }
}

/**
 * A generic HTTP POST of the notice as JSON, signed with HMAC-SHA256 over "<timestamp>.<body>"
 * (notice-signature.ts), with the notice's idempotency key in Idempotency-Key.
 */
export class WebhookProvider implements NoticeProvider {
  readonly name = 'webhook';

  constructor(
    private readonly config: ProviderSettings<'webhook'>,
    private readonly timeoutMs: number,
  ) {}

  async send(notice: OutgoingNotice): Promise<SendOutcome> {
    const body = JSON.stringify({ id: notice.idempotencyKey, channel: notice.channel, to: notice.to, language: notice.language, milestone: notice.milestone, text: notice.text, link: notice.values.link });
    const timestamp = Math.floor(Date.now() / 1000);
    return post(this.config.url, body, this.timeoutMs, {
      'idempotency-key': notice.idempotencyKey,
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signNotice(this.config.secret, timestamp, body),
    }, async (response) => {
      const answer = (await response.json().catch(() => ({}))) as { id?: unknown };
      return typeof answer.id === 'string' ? answer.id : null;
    });
  }
}

/**
 * MSG91's Flow API (SMS in India): each milestone and language is an MSG91 template mapped to its
 * DLT-registered template; the variables are the NGO, the code, the link and (declined) the reason.
 */
export class Msg91Provider implements NoticeProvider {
  readonly name = 'msg91';

  constructor(
    private readonly config: ProviderSettings<'msg91'>,
    private readonly timeoutMs: number,
  ) {}

  async send(notice: OutgoingNotice): Promise<SendOutcome> {
    const template = this.config.templates[notice.milestone]?.[notice.language];
    if (!template) return { outcome: 'giveUp', error: `no MSG91 template for ${notice.milestone} in ${notice.language}` };
    const { ngo, code, link, reason } = notice.values;
    const body = JSON.stringify({ template_id: template, short_url: '0', recipients: [{ mobiles: notice.to, var1: ngo, var2: code, var3: link, ...(reason ? { var4: reason } : {}) }] });
    return post(this.config.url, body, this.timeoutMs, { authkey: this.config.authKey }, async (response) => {
      const answer = (await response.json().catch(() => ({}))) as { type?: unknown; message?: unknown };
      // MSG91 answers 200 with type "error" for a refused request (a bad template or number).
      if (answer.type === 'error') throw new RefusedError(`MSG91 refused: ${String(answer.message).slice(0, 200)}`);
      return typeof answer.message === 'string' ? answer.message : null;
    });
  }
}

/**
 * The WhatsApp Cloud API: a template message (`<prefix><milestone>` in snake case, approved in both
 * languages), its body's parameters the NGO, the code, the link and (declined) the reason.
 */
export class WhatsAppProvider implements NoticeProvider {
  readonly name = 'whatsapp';

  constructor(
    private readonly config: ProviderSettings<'whatsapp'>,
    private readonly timeoutMs: number,
  ) {}

  async send(notice: OutgoingNotice): Promise<SendOutcome> {
    const { ngo, code, link, reason } = notice.values;
    const { url, accessToken, phoneNumberId, templatePrefix } = this.config;
    const parameters = [ngo, code, link, ...(reason ? [reason] : [])].map((text) => ({ type: 'text', text }));
    const body = JSON.stringify({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: notice.to,
      type: 'template',
      template: { name: `${templatePrefix}${snakeCase(notice.milestone)}`, language: { code: notice.language }, components: [{ type: 'body', parameters }] },
    });
    return post(`${url.replace(/\/$/, '')}/${phoneNumberId}/messages`, body, this.timeoutMs, { authorization: `Bearer ${accessToken}` }, async (response) => {
      const answer = (await response.json().catch(() => ({}))) as { messages?: { id?: unknown }[] };
      const id = answer.messages?.[0]?.id;
      return typeof id === 'string' ? id : null;
    });
  }
}

class RefusedError extends Error {}

/**
 * POSTs JSON with a timeout and classifies the answer: 2xx sent; 408, 425, 429, 5xx, a timeout or a
 * network failure retry; any other answer is a refusal that a retry would not change.
 */
async function post(url: string, body: string, timeoutMs: number, headers: Record<string, string>, idOf: (response: Response) => Promise<string | null>): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (err) {
    const name = (err as Error).name;
    return { outcome: 'retry', error: name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : `could not reach the provider (${name})` };
  }
  if (response.ok) {
    try {
      return { outcome: 'sent', providerId: await idOf(response) };
    } catch (err) {
      if (err instanceof RefusedError) return { outcome: 'giveUp', error: err.message };
      throw err;
    }
  }
  await response.body?.cancel().catch(() => undefined);
  const status = response.status;
  if (status === 408 || status === 425 || status === 429 || status >= 500) return { outcome: 'retry', error: `provider answered ${status}` };
  return { outcome: 'giveUp', error: `provider refused with ${status}` };
}

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
