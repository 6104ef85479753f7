import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { NoticeChannel, NoticeMilestone } from '@rescuedesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import { translate } from '../../lib/i18n';
import { phoneDigits, type NoticeLinks } from './notice-link';
import type { NoticeProvider } from './notice-providers';
import type { NoticeRepository, NoticeToSend } from './notice.repository';

export interface NoticeWorkerOptions {
  /** How long a claimed notice is this worker's: longer than a send's timeout, so a lease runs out only when a worker stalled or died. */
  leaseMs: number;
  /** Notices claimed per round. */
  batch: number;
  /** The wait before the second attempt; each later one waits twice as long, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** After this many attempts a notice is given up (failed). */
  maxAttempts: number;
  /** The pause between rounds while the server runs. */
  pollMs: number;
}

export const NOTICE_WORKER_DEFAULTS: NoticeWorkerOptions = { leaseMs: 2 * 60_000, batch: 20, baseDelayMs: 30_000, maxDelayMs: 60 * 60_000, maxAttempts: 8, pollMs: 5_000 };

/**
 * Sends queued notices (docs/decisions/023). Every server instance may run one: a notice is claimed
 * by one conditional UPDATE (a lease), so two workers never hold it at once; a notice whose lease
 * ran out mid-send (its worker stalled or died) is sent again with the same idempotency key, which a
 * provider that honours one drops.
 */
export class NoticeWorker {
  private readonly owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly notices: NoticeRepository,
    private readonly providers: Record<NoticeChannel, NoticeProvider>,
    private readonly links: NoticeLinks,
    private readonly log: FastifyBaseLogger,
    private readonly options: NoticeWorkerOptions = NOTICE_WORKER_DEFAULTS,
  ) {}

  /** Sends every notice due at `now` (tests pass a later moment instead of waiting); answers how many it handled. */
  async runOnce(now: Date = new Date()): Promise<number> {
    let handled = 0;
    const at = now.toISOString();
    for (const id of await this.notices.dueIds(at, this.options.batch)) {
      if (this.stopped) break;
      if (!(await this.notices.claim(id, this.owner, at, new Date(now.getTime() + this.options.leaseMs).toISOString()))) continue;
      await this.sendClaimed(id, now);
      handled++;
    }
    return handled;
  }

  start(): void {
    this.stopped = false;
    const round = () => {
      this.running = this.runOnce().catch((err: unknown) => {
        this.log.error({ err: { message: (err as Error).message, code: (err as { code?: string }).code } }, 'notice round failed');
        return 0;
      });
      void this.running.then(() => {
        if (!this.stopped) this.timer = setTimeout(round, this.options.pollMs).unref();
      });
    };
    round();
  }

  /** Ends the loop after the notice being sent now. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async sendClaimed(id: number, now: Date): Promise<void> {
    const found = await this.notices.toSend(id);
    if (!found) return;
    const { notice } = found;
    if (found.stoppedAt) return this.notices.markEnded(id, this.owner, 'stopped', null);
    // Emptied by the retention job or an erasure request (modules/privacy): no one to send to.
    if (phoneDigits(found.reporterPhone).length !== 10) return this.notices.markEnded(id, this.owner, 'failed', "the reporter's phone number is no longer kept");
    const link = found.linkSealed ? this.links.linkOf(found.linkSealed) : undefined;
    if (!link) return this.notices.markEnded(id, this.owner, 'failed', 'the tracking link cannot be opened (was NOTICE_LINK_KEY changed?)');
    const channel = notice.channel as NoticeChannel;
    const provider = this.providers[channel];
    const outcome = await provider.send(rendered(found, link)).catch((err: unknown) => ({ outcome: 'retry' as const, error: `provider adapter failed: ${(err as Error).name}` }));
    if (outcome.outcome === 'sent') return this.notices.markSent(id, provider.name, outcome.providerId);
    // No personal data here: the notice's id, its milestone and the provider's status only.
    this.log.warn({ notice: id, milestone: notice.milestone, attempt: notice.attempts, error: outcome.error }, 'notice not sent');
    if (outcome.outcome === 'giveUp' || notice.attempts >= this.options.maxAttempts) return this.notices.markEnded(id, this.owner, 'failed', outcome.error);
    const delay = Math.min(this.options.baseDelayMs * 2 ** Math.max(0, notice.attempts - 1), this.options.maxDelayMs);
    await this.notices.markRetry(id, this.owner, new Date(now.getTime() + delay).toISOString(), outcome.error);
  }
}

function rendered(found: NoticeToSend, link: string) {
  const { notice } = found;
  const language = notice.language === 'hi' ? 'hi' : 'en';
  const milestone = notice.milestone as NoticeMilestone;
  const values = { ngo: found.ngoName, code: found.code, link, reason: milestone === 'declined' ? (found.declineReason ?? '') : '' };
  const text = `${translate(language, `notices.text.${milestone}`, values)} ${translate(language, 'notices.text.stopHint')}`;
  return { idempotencyKey: notice.idempotency_key, channel: notice.channel as NoticeChannel, to: `91${phoneDigits(found.reporterPhone)}`, language, milestone, text, values } as const;
}
