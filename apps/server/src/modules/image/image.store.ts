import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_FILE_NAME_PATTERN, PLATFORM_IMAGE_SCOPE } from '@rescuedesk/shared';
import { NotFoundError } from '../../errors';

/**
 * Image files on disk: one folder per NGO (and one for the platform), generated names only.
 * Every path is built from a validated name and checked to stay inside the store.
 */
export class ImageStore {
  constructor(private readonly root: string) {}

  async init(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
  }

  filePath(ngoId: number | null, fileName: string): string {
    return this.inside(path.join(this.folder(ngoId), checked(fileName)));
  }

  thumbnailPath(ngoId: number | null, width: number, fileName: string): string {
    return this.inside(path.join(this.folder(ngoId), 'thumbs', String(width), checked(fileName)));
  }

  /** Writes to a temporary name, flushes, then renames: a crash leaves no half-written image. */
  async write(target: string, data: Buffer): Promise<void> {
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
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  /** Removes an image and every thumbnail made from it. */
  async remove(ngoId: number | null, fileName: string): Promise<void> {
    await fs.rm(this.filePath(ngoId, fileName), { force: true });
    const thumbs = path.join(this.folder(ngoId), 'thumbs');
    const widths = await fs.readdir(thumbs).catch(() => [] as string[]);
    await Promise.all(widths.map((w) => fs.rm(this.thumbnailPath(ngoId, Number(w), fileName), { force: true })));
  }

  private folder(ngoId: number | null): string {
    return path.join(this.root, ngoId === null ? PLATFORM_IMAGE_SCOPE : `ngo-${ngoId}`);
  }

  private inside(candidate: string): string {
    const resolved = path.resolve(candidate);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) throw new NotFoundError();
    return resolved;
  }
}

function checked(fileName: string): string {
  if (!IMAGE_FILE_NAME_PATTERN.test(fileName)) throw new NotFoundError();
  return fileName;
}
