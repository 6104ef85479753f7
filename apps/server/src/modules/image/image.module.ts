import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { UnitOfWork } from '../../db/unit-of-work';
import { AuditRepository } from '../audit/audit.repository';
import type { ModuleDeps } from '../module-deps';
import { NgoRepository } from '../ngo/ngo.repository';
import { ImageRepository } from './image.repository';
import { imageRoutes } from './image.routes';
import { ImageService, sweepOrphanFiles } from './image.service';
import { ImageStore } from './image.store';

/** Uploads, deletes and serving of images, stored per NGO under DATA_DIR/images. */
export async function registerImages(app: FastifyInstance, { db, config }: ModuleDeps): Promise<void> {
  const store = new ImageStore(path.join(config.dataDir, 'images'));
  await store.init();
  const images = new ImageService(
    new UnitOfWork(db, (d) => ({ images: new ImageRepository(d), ngos: new NgoRepository(d), audit: new AuditRepository(d) })),
    store,
  );
  imageRoutes(app, { images, uploadMaxBytes: config.uploadMaxBytes });

  // Before the server accepts uploads: files an interrupted upload left behind.
  app.addHook('onReady', async () => {
    const swept = await sweepOrphanFiles(store, new ImageRepository(db));
    if (swept.removed > 0) app.log.warn({ event: 'images.orphans-removed', count: swept.removed }, 'removed image files left by an interrupted upload');
  });
}
