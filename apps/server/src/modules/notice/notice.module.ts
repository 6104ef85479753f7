import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { NoticeLinks } from './notice-link';
import { providerFor } from './notice-providers';
import { NoticeRepository } from './notice.repository';
import { noticeRoutes } from './notice.routes';
import { NoticeService } from './notice.service';
import { NoticeWorker } from './notice.worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The notice sender of this instance; tests run its rounds themselves (config.notices.worker is off there). */
    noticeWorker: NoticeWorker;
  }
}

/**
 * Notices to citizen reporters (docs/citizen-reports.md#notices, docs/decisions/023). Queued by the
 * citizen-report and case services in their own transactions (notice-queue.ts); sent here by a
 * worker started when the server is ready and stopped when it closes, as auth's sweep is.
 */
export function registerNotices(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const repository = new NoticeRepository(db);
  const { notices } = config;
  const worker = new NoticeWorker(
    repository,
    { sms: providerFor(notices.sms, notices.timeoutMs), whatsapp: providerFor(notices.whatsapp, notices.timeoutMs) },
    new NoticeLinks(notices.linkKey, notices.publicUrl),
    app.log,
  );
  app.decorate('noticeWorker', worker);
  noticeRoutes(app, { notices: new NoticeService(repository, notices.inboundSecret, notices.whatsappInbound) });
  app.addHook('onReady', async () => {
    if (notices.worker) worker.start();
  });
  app.addHook('onClose', async () => worker.stop());
}
