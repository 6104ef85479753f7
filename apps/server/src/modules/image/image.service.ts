import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import {
  IDENTITY_IMAGE_FIELDS,
  IMAGE_FILE_NAME_PATTERN,
  MESSAGES,
  PLATFORM_IMAGE_SCOPE,
  THUMBNAIL_WIDTHS,
  type CreateImageFields,
  type DeleteImageInput,
  type ImageFieldName,
} from '@rescuedesk/shared';
import type { UnitOfWork } from '../../db/unit-of-work';
import { ForbiddenError, NotFoundError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { canSeeNgo, resolveNgoScope } from '../../lib/tenancy';
import { nowIso } from '../../lib/time';
import type { AuditRepository } from '../audit/audit.repository';
import type { NgoRepository } from '../ngo/ngo.repository';
import { CONTENT_TYPES, processUpload, renderThumbnail } from './image-processing';
import type { ImageRepository } from './image.repository';
import type { ImageStore } from './image.store';

type Repos = { images: ImageRepository; ngos: NgoRepository; audit: AuditRepository };

export interface ServedImage {
  path: string;
  contentType: string;
  /** Identity documents must never sit in a browser or proxy cache. */
  sensitive: boolean;
}

export class ImageService {
  constructor(
    private readonly uow: UnitOfWork<Repos>,
    private readonly store: ImageStore,
  ) {}

  /** Stores an uploaded image in the actor's NGO (Admin: the NGO named, or the platform area). */
  async upload(actor: Actor, fields: CreateImageFields, content: Buffer): Promise<string> {
    const ngoId = await resolveNgoScope(actor, fields.ngoId, this.uow.repos.ngos);
    const image = await processUpload(content);
    const fileName = `${randomUUID()}.${image.extension}`;
    const target = this.store.filePath(ngoId, fileName);
    await this.store.write(target, image.data);
    try {
      await this.uow.transaction(async ({ images, audit }) => {
        await images.insert({
          ngo_id: ngoId,
          file_name: fileName,
          field_name: fields.fieldName,
          content_type: image.contentType,
          byte_size: image.data.length,
          width: image.width,
          height: image.height,
          uploaded_by: actor.id,
          created_at: nowIso(),
        });
        await audit.append(actor, { entity: 'image', entityId: fileName, action: 'create', ngoId, fields: ['fieldName'] });
      });
    } catch (err) {
      await fs.rm(target, { force: true });
      throw err;
    }
    return fileName;
  }

  /**
   * Workers may remove the images they uploaded; Managers and above any image of their NGO. Records
   * of the NGO that still name the image lose that name in the same transaction, each audited with
   * the fields that changed (docs/decisions/009); the file goes after the commit.
   */
  async remove(actor: Actor, input: DeleteImageInput): Promise<void> {
    const ngoId = await resolveNgoScope(actor, input.ngoId, this.uow.repos.ngos);
    const row = await this.uow.repos.images.find(ngoId, input.image);
    if (!row) throw new NotFoundError(MESSAGES.imageNotFound);
    if (actor.role === 'Worker' && row.uploaded_by !== actor.id) throw new ForbiddenError();
    await this.uow.transaction(async ({ images, audit }) => {
      const cleared = await images.removeReferences(ngoId, input.image);
      await images.delete(ngoId, input.image);
      await audit.append(actor, { entity: 'image', entityId: input.image, action: 'delete', ngoId });
      for (const record of cleared) {
        await audit.append(actor, { entity: record.entity, entityId: record.id, action: 'deleteImage', ngoId, fields: record.fields });
      }
    });
    await this.store.remove(ngoId, input.image);
  }

  /**
   * Finds an image the actor may see. Anything malformed or out of scope is answered as not found,
   * so the route never reveals whether another NGO's file exists.
   */
  async locate(actor: Actor, scope: string, fileName: string, width?: number): Promise<ServedImage> {
    const ngoId = parseScope(scope);
    if (ngoId === undefined || !IMAGE_FILE_NAME_PATTERN.test(fileName) || !canSeeNgo(actor, ngoId)) {
      throw new NotFoundError(MESSAGES.imageNotFound);
    }
    const row = await this.uow.repos.images.find(ngoId, fileName);
    if (!row) throw new NotFoundError(MESSAGES.imageNotFound);
    const extension = fileName.slice(fileName.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPES;
    const sensitive = IDENTITY_IMAGE_FIELDS.includes(row.field_name as ImageFieldName);
    const original = this.store.filePath(ngoId, fileName);
    if (width === undefined) return { path: original, contentType: CONTENT_TYPES[extension], sensitive };

    const snapped = THUMBNAIL_WIDTHS.find((w) => w >= width) ?? THUMBNAIL_WIDTHS[THUMBNAIL_WIDTHS.length - 1]!;
    const thumbnail = this.store.thumbnailPath(ngoId, snapped, fileName);
    const cached = await fs.stat(thumbnail).then(
      () => true,
      () => false,
    );
    if (!cached) await this.store.write(thumbnail, await renderThumbnail(original, snapped));
    return { path: thumbnail, contentType: CONTENT_TYPES[extension], sensitive };
  }
}

/** Files younger than this may belong to an upload still in flight on another instance. */
const ORPHAN_MIN_AGE_MS = 10 * 60 * 1000;

export interface SweepResult {
  removed: number;
  kept: number;
}

/**
 * Removes what a crash can leave in the store: temporary files of unfinished writes, and image
 * files whose row never committed. Run at start, before the server accepts uploads.
 */
export async function sweepOrphanFiles(store: ImageStore, images: ImageRepository, now = Date.now()): Promise<SweepResult> {
  let removed = 0;
  let kept = 0;
  for (const file of await store.listFiles()) {
    if (now - file.modifiedMs < ORPHAN_MIN_AGE_MS) {
      kept++;
      continue;
    }
    const orphan = !IMAGE_FILE_NAME_PATTERN.test(file.name) || !(await images.find(file.ngoId, file.name));
    if (orphan) {
      await fs.rm(file.path, { force: true });
      await store.remove(file.ngoId, file.name).catch(() => undefined);
      removed++;
    } else {
      kept++;
    }
  }
  return { removed, kept };
}

function parseScope(scope: string): number | null | undefined {
  if (scope === PLATFORM_IMAGE_SCOPE) return null;
  if (!/^\d{1,10}$/.test(scope)) return undefined;
  const id = Number(scope);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}
