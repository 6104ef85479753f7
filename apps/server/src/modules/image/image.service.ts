import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  IDENTITY_IMAGE_FIELDS,
  IDENTITY_VIEW_ACTION,
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
import { isoFromNow, nowIso } from '../../lib/time';
import type { AuditRepository } from '../audit/audit.repository';
import type { AccessLogRepository } from '../privacy/access-log.repository';
import type { NgoRepository } from '../ngo/ngo.repository';
import { CONTENT_TYPES, processUpload, renderForDocument, renderThumbnail } from './image-processing';
import type { ImageRepository } from './image.repository';
import type { ImageStore } from './image.store';

type Repos = { images: ImageRepository; ngos: NgoRepository; audit: AuditRepository; accessLog: AccessLogRepository };

/** Repeated views of one identity document by one person within this time count as one view. */
export const IDENTITY_VIEW_COALESCE_MS = 10 * 60 * 1000;

export interface ServedImage {
  /** A stream from the store, or a thumbnail just rendered. */
  body: Readable | Buffer;
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
    // The object first, then its row: a crash in between leaves an orphan for the sweep, never a
    // row without its image.
    await this.store.put({ ngoId, fileName }, image.data, image.contentType);
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
          phash: image.phash,
          uploaded_by: actor.id,
          created_at: nowIso(),
        });
        await audit.append(actor, { entity: 'image', entityId: fileName, action: 'create', ngoId, fields: ['fieldName'] });
      });
    } catch (err) {
      await this.store.remove(ngoId, fileName).catch(() => undefined);
      throw err;
    }
    return fileName;
  }

  /**
   * Stores an image sent without a signed-in user (a citizen's report photo, issue 35) in an NGO's
   * area, checked and re-encoded as every upload is. The caller's own record audits it.
   */
  async keepForNgo(ngoId: number, fieldName: string, content: Buffer): Promise<string> {
    const image = await processUpload(content);
    const fileName = `${randomUUID()}.${image.extension}`;
    await this.store.put({ ngoId, fileName }, image.data, image.contentType);
    try {
      await this.uow.repos.images.insert({
        ngo_id: ngoId,
        file_name: fileName,
        field_name: fieldName,
        content_type: image.contentType,
        byte_size: image.data.length,
        width: image.width,
        height: image.height,
        phash: image.phash,
        uploaded_by: null,
        created_at: nowIso(),
      });
    } catch (err) {
      await this.store.remove(ngoId, fileName).catch(() => undefined);
      throw err;
    }
    return fileName;
  }

  /** Removes images kept by keepForNgo() whose record was then refused (a report over its limit). */
  async discardForNgo(ngoId: number, fileNames: readonly string[]): Promise<void> {
    for (const fileName of fileNames) {
      await this.uow.repos.images.delete(ngoId, fileName);
      await this.store.remove(ngoId, fileName).catch(() => undefined);
    }
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
        // Values (file names) are kept for cases only: the case timeline shows them.
        const changes = record.entity === 'case' ? { changes: record.changes } : {};
        await audit.append(actor, { entity: record.entity, entityId: record.id, action: 'deleteImage', ngoId, fields: record.fields, ...changes });
      }
    });
    await this.store.remove(ngoId, input.image);
  }

  /**
   * Removes the files of images whose rows a committed transaction deleted (a reporter's identity
   * documents emptied by retention or an erasure). A file that cannot be removed now stays as an
   * orphan with no row, which the sweep removes.
   */
  async removeFiles(ngoId: number, fileNames: readonly string[]): Promise<void> {
    for (const fileName of fileNames) await this.store.remove(ngoId, fileName).catch(() => undefined);
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
    if (ngoId !== null && row.case_id !== null) await this.logIdentityView(actor, ngoId, row.case_id, fileName);
    const extension = fileName.slice(fileName.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPES;
    const sensitive = IDENTITY_IMAGE_FIELDS.includes(row.field_name as ImageFieldName);
    if (sensitive) await this.logDocumentView(actor, ngoId, row);
    const contentType = CONTENT_TYPES[extension];
    if (width === undefined) {
      const original = await this.store.open({ ngoId, fileName });
      if (!original) throw new NotFoundError(MESSAGES.imageNotFound);
      return { body: original.body, contentType, sensitive };
    }

    // Thumbnails are made on first request and kept in the store beside the image, so every
    // instance finds the one any instance made (docs/decisions/010).
    const snapped = THUMBNAIL_WIDTHS.find((w) => w >= width) ?? THUMBNAIL_WIDTHS[THUMBNAIL_WIDTHS.length - 1]!;
    const thumbnail = { ngoId, fileName, width: snapped };
    const kept = await this.store.open(thumbnail);
    if (kept) return { body: kept.body, contentType, sensitive };
    const source = await this.store.read({ ngoId, fileName });
    if (!source) throw new NotFoundError(MESSAGES.imageNotFound);
    const rendered = await renderThumbnail(source, snapped);
    await this.store.put(thumbnail, rendered, contentType);
    return { body: rendered, contentType, sensitive };
  }

  /**
   * An image of an NGO the actor may see, as PNG at most `width` wide, for a document the server
   * prints (the NGO's logo on the monthly report); undefined when it is not there or not the actor's
   * to see. Read through the store like every other image.
   */
  async forDocument(actor: Actor, ngoId: number, fileName: string, width: number): Promise<Buffer | undefined> {
    if (!IMAGE_FILE_NAME_PATTERN.test(fileName) || !canSeeNgo(actor, ngoId)) return undefined;
    if (!(await this.uow.repos.images.find(ngoId, fileName))) return undefined;
    const source = await this.store.read({ ngoId, fileName });
    return source ? renderForDocument(source, width) : undefined;
  }

  /**
   * A view of a case's identity document (the reporter's ID, the consent form) is logged on the
   * case, for Admins and Founders to see who looked at it. Repeated views of the same image by the
   * same person within ten minutes (a page, its thumbnails, a reload) are logged once.
   */
  /**
   * Every view of an identity document goes into the access log (docs/privacy.md), by the case that
   * holds it or else by its file name; a page, its thumbnails and a reload within ten minutes are one view.
   */
  private async logDocumentView(actor: Actor, ngoId: number | null, row: { file_name: string; field_name: string; case_id: number | null }): Promise<void> {
    const { accessLog } = this.uow.repos;
    const entry = { ngoId, recordType: row.case_id === null ? 'image' : 'case', recordId: row.case_id ?? row.file_name, field: row.field_name, reason: 'document' } as const;
    if (await accessLog.hasRecent(actor.id, entry, isoFromNow(-IDENTITY_VIEW_COALESCE_MS))) return;
    await accessLog.append(actor, entry);
  }

  private async logIdentityView(actor: Actor, ngoId: number, caseId: number, fileName: string): Promise<void> {
    const { images, audit } = this.uow.repos;
    const field = await images.identityFieldOfCase(ngoId, caseId, fileName);
    if (!field) return;
    const changes = [{ field, from: fileName, to: fileName }];
    const since = isoFromNow(-IDENTITY_VIEW_COALESCE_MS);
    if (await audit.hasRecent(ngoId, caseId, { action: IDENTITY_VIEW_ACTION, actorId: actor.id, changes, since })) return;
    await audit.append(actor, { entity: 'case', entityId: caseId, action: IDENTITY_VIEW_ACTION, ngoId, fields: [field], changes });
  }
}

/** Files younger than this may belong to an upload still in flight on another instance. */
const ORPHAN_MIN_AGE_MS = 10 * 60 * 1000;

export interface SweepResult {
  removed: number;
  kept: number;
}

/**
 * Removes what a crash can leave in the store: temporary files of unfinished writes, and images
 * whose row never committed. Only what is older than ten minutes goes, so an object whose row is
 * being committed by another instance right now is left alone; removing is idempotent, so two
 * instances sweeping at once do no harm (they take a lease to avoid the double work: image.module.ts).
 * Rows are looked up a page of the listing at a time.
 */
export async function sweepOrphanFiles(store: ImageStore, images: ImageRepository, now = Date.now()): Promise<SweepResult> {
  let removed = 0;
  let kept = 0;
  for await (const page of store.list()) {
    const old = page.filter((item) => now - item.modifiedMs >= ORPHAN_MIN_AGE_MS);
    kept += page.length - old.length;
    const byArea = new Map<number | null, string[]>();
    for (const item of old) if (IMAGE_FILE_NAME_PATTERN.test(item.name)) byArea.set(item.ngoId, [...(byArea.get(item.ngoId) ?? []), item.name]);
    const withRow = new Set<string>();
    for (const [area, names] of byArea) {
      for (const name of await images.existingNames(area, names)) withRow.add(`${area}/${name}`);
    }
    for (const item of old) {
      if (withRow.has(`${item.ngoId}/${item.name}`)) {
        kept++;
        continue;
      }
      await store.discard(item);
      removed++;
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
