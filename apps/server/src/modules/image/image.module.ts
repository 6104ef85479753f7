import type { FastifyInstance } from 'fastify';
import { MaintenanceLeases } from '../../db/maintenance-lease';
import { UnitOfWork } from '../../db/unit-of-work';
import { AuditRepository } from '../audit/audit.repository';
import type { ModuleDeps } from '../module-deps';
import { NgoRepository } from '../ngo/ngo.repository';
import { AccessLogRepository } from '../privacy/access-log.repository';
import { ImageRepository } from './image.repository';
import { imageRoutes } from './image.routes';
import { ImageService, sweepOrphanFiles } from './image.service';
import { createImageStore, ObjectStoreUnavailableError } from './image.store';

const ORPHAN_SWEEP_LEASE = 'image-orphan-sweep';
/** Long enough for a sweep of a large bucket; if its holder dies, another instance takes over after this. */
const ORPHAN_SWEEP_LEASE_MS = 30 * 60 * 1000;
const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    imageService: ImageService;
  }
}

/** Uploads, deletes and serving of images, stored per NGO on the disk (DATA_DIR/images) or in an S3 bucket. */
export async function registerImages(app: FastifyInstance, { db, config }: ModuleDeps): Promise<void> {
  const store = await createImageStore(config.imageStorage);
  try {
    await store.init();
  } catch (err) {
    // A bucket that is down now may be back in a minute: serve everything else meanwhile. A bucket
    // that does not exist or refuses the credentials is a mistake to fix before starting.
    if (!(err instanceof ObjectStoreUnavailableError)) throw err;
    app.log.error({ err: { message: err.message } }, 'image storage unreachable at start; images answer 503 until it is back');
  }
  const images = new ImageService(
    new UnitOfWork(db, (d) => ({ images: new ImageRepository(d), ngos: new NgoRepository(d), audit: new AuditRepository(d), accessLog: new AccessLogRepository(d) })),
    store,
  );
  imageRoutes(app, { images, uploadMaxBytes: config.uploadMaxBytes });
  // Other modules print images into documents (the NGO's logo on a report) through the same service.
  app.decorate('imageService', images);

  // Objects an interrupted upload left behind: swept at start (before the server accepts uploads)
  // and hourly, by one instance at a time (the others skip while the lease is held).
  const leases = new MaintenanceLeases(db);
  const sweep = async () => {
    const swept = await leases.runExclusive(ORPHAN_SWEEP_LEASE, ORPHAN_SWEEP_LEASE_MS, () => sweepOrphanFiles(store, new ImageRepository(db)));
    if (swept && swept.removed > 0) app.log.warn({ event: 'images.orphans-removed', count: swept.removed }, 'removed image files left by an interrupted upload');
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep().catch((err: unknown) => app.log.error({ err }, 'orphan image sweep failed'));
    timer = setInterval(() => void sweep().catch((err: unknown) => app.log.error({ err }, 'orphan image sweep failed')), ORPHAN_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await store.close();
  });
}
