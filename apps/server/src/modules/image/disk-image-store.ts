import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_FILE_NAME_PATTERN } from '@rescuedesk/shared';
import { NotFoundError } from '../../errors';
import { areaOf, imageKey, ngoOfArea, type ImageRef, type ImageStore, type ListedObject, type StoredObject } from './image.store';

const LIST_PAGE = 1000;

/**
 * Images in folders on this machine's disk (DATA_DIR/images): the embedded default. Every path is
 * built from a validated name and checked to stay inside the store.
 */
export class DiskImageStore implements ImageStore {
  readonly kind = 'disk';
  readonly description: string;

  constructor(private readonly root: string) {
    this.description = `the disk (${root})`;
  }

  async init(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
  }

  /**
   * Writes to a temporary name, flushes, renames, then flushes the folder: a crash leaves no
   * half-written image, and an image whose row is committed is on the disk.
   */
  async put(ref: ImageRef, data: Buffer): Promise<void> {
    const target = this.pathOf(ref);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    try {
      const handle = await fs.open(temp, 'wx');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, target);
      await syncFolder(path.dirname(target));
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  async open(ref: ImageRef): Promise<StoredObject | undefined> {
    const handle = await fs.open(this.pathOf(ref), 'r').catch(missingAsUndefined);
    if (!handle) return undefined;
    try {
      const { size } = await handle.stat();
      return { body: handle.createReadStream(), size };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async read(ref: ImageRef): Promise<Buffer | undefined> {
    return fs.readFile(this.pathOf(ref)).catch(missingAsUndefined);
  }

  async remove(ngoId: number | null, fileName: string): Promise<void> {
    await fs.rm(this.pathOf({ ngoId, fileName }), { force: true });
    await this.removeThumbnails(ngoId, fileName);
  }

  async *list(): AsyncIterable<ListedObject[]> {
    const folders = await fs.readdir(this.root, { withFileTypes: true }).catch(() => []);
    for (const folder of folders) {
      const ngoId = folder.isDirectory() ? ngoOfArea(folder.name) : undefined;
      if (ngoId === undefined) continue;
      const dir = path.join(this.root, folder.name);
      let page: ListedObject[] = [];
      for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
        if (!entry.isFile()) continue;
        const full = path.join(dir, entry.name);
        const stat = await fs.stat(full).catch(() => undefined);
        if (stat) page.push({ ngoId, name: entry.name, modifiedMs: stat.mtimeMs, location: full });
        if (page.length >= LIST_PAGE) {
          yield page;
          page = [];
        }
      }
      if (page.length > 0) yield page;
    }
  }

  async discard(item: ListedObject): Promise<void> {
    await fs.rm(this.inside(item.location), { force: true });
    if (IMAGE_FILE_NAME_PATTERN.test(item.name)) await this.removeThumbnails(item.ngoId, item.name);
  }

  async close(): Promise<void> {}

  private async removeThumbnails(ngoId: number | null, fileName: string): Promise<void> {
    const widths = await fs.readdir(path.join(this.root, areaOf(ngoId), 'thumbs')).catch(() => [] as string[]);
    await Promise.all(
      widths.filter((w) => /^\d+$/.test(w)).map((w) => fs.rm(this.pathOf({ ngoId, fileName, width: Number(w) }), { force: true })),
    );
  }

  private pathOf(ref: ImageRef): string {
    return this.inside(path.join(this.root, ...imageKey(ref).split('/')));
  }

  private inside(candidate: string): string {
    const resolved = path.resolve(candidate);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) throw new NotFoundError();
    return resolved;
  }
}

/** Makes a rename durable: the new directory entry reaches the disk, not only the file's bytes. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await fs.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function missingAsUndefined(err: unknown): undefined {
  if ((err as { code?: string }).code === 'ENOENT') return undefined;
  throw err;
}
