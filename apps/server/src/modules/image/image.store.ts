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

  /**
   * Writes to a temporary name, flushes, renames, then flushes the folder: a crash leaves no
   * half-written image, and an image whose row is committed is on the disk.
   */
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
      await syncFolder(path.dirname(target));
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

  /**
   * Every file directly in an NGO or platform folder (not thumbnails), with its scope and age:
   * what a start-up sweep compares with the images table.
   */
  async listFiles(): Promise<Array<{ ngoId: number | null; name: string; path: string; modifiedMs: number }>> {
    const folders = await fs.readdir(this.root, { withFileTypes: true }).catch(() => []);
    const files: Array<{ ngoId: number | null; name: string; path: string; modifiedMs: number }> = [];
    for (const folder of folders) {
      if (!folder.isDirectory()) continue;
      const match = /^ngo-(\d+)$/.exec(folder.name);
      if (!match && folder.name !== PLATFORM_IMAGE_SCOPE) continue;
      const ngoId = match ? Number(match[1]) : null;
      const dir = path.join(this.root, folder.name);
      for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const full = path.join(dir, entry.name);
        const stat = await fs.stat(full).catch(() => undefined);
        if (stat) files.push({ ngoId, name: entry.name, path: full, modifiedMs: stat.mtimeMs });
      }
    }
    return files;
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

/** Makes a rename durable: the new directory entry reaches the disk, not only the file's bytes. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await fs.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function checked(fileName: string): string {
  if (!IMAGE_FILE_NAME_PATTERN.test(fileName)) throw new NotFoundError();
  return fileName;
}
