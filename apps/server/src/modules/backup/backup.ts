import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_FILE_NAME_PATTERN } from '@rescuedesk/shared';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import type { ImageStorageConfig } from '../../config';
import { SQLITE_FILE_NAME } from '../../db/database';
import { areaOf, createImageStore } from '../image/image.store';

export interface BackupManifest {
  format: 'rescuedesk-backup';
  version: 1;
  createdAt: string;
  /** 'sqlite': the archive holds the database; 'postgres': back the database up with pg_dump. */
  database: 'sqlite' | 'postgres';
  images: number;
  /** Where the images were copied from (absent in backups made before S3 storage existed: the disk). */
  imageStore?: 'disk' | 's3';
}

const MANIFEST = 'manifest.json';

/**
 * Writes one .tar.gz with a consistent copy of the SQLite database (SQLite's online backup API,
 * safe while the server writes) and the images, from the disk or from the S3 bucket (originals
 * only: thumbnails are made again on request). The database is copied first: an image is written
 * before its row, so every row in the copy finds its image.
 */
export async function createBackup(options: { dataDir: string; out: string; postgres: boolean; imageStorage: ImageStorageConfig }): Promise<BackupManifest> {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'rescuedesk-backup-'));
  try {
    if (!options.postgres) {
      const source = path.join(options.dataDir, SQLITE_FILE_NAME);
      if (!fs.existsSync(source)) throw new Error(`No database at ${source}.`);
      const live = new SQLite(source, { readonly: true, fileMustExist: true });
      try {
        await live.backup(path.join(work, SQLITE_FILE_NAME));
      } finally {
        live.close();
      }
      assertIntegrity(path.join(work, SQLITE_FILE_NAME));
    }
    const images =
      options.imageStorage.kind === 'disk'
        ? await copyImages(options.imageStorage.dir, path.join(work, 'images'))
        : await downloadImages(options.imageStorage, path.join(work, 'images'));
    const manifest: BackupManifest = {
      format: 'rescuedesk-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database: options.postgres ? 'postgres' : 'sqlite',
      images,
      imageStore: options.imageStorage.kind,
    };
    await fsp.writeFile(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2));
    const entries = (await fsp.readdir(work)).sort();
    const partial = `${options.out}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, entries);
    await fsp.rename(partial, options.out);
    return manifest;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/**
 * Restores an archive into dataDir. The archive is unpacked and checked beside the data first;
 * only then is the current data moved aside (never deleted) and the restored copy moved in.
 */
export async function restoreBackup(options: { archive: string; dataDir: string }): Promise<{ manifest: BackupManifest; previous: string | null }> {
  const dataDir = path.resolve(options.dataDir);
  await fsp.mkdir(path.dirname(dataDir), { recursive: true });
  const staging = await fsp.mkdtemp(`${dataDir}.restoring-`);
  try {
    await tar.extract({ file: options.archive, cwd: staging, strict: true });
    const manifest = JSON.parse(await fsp.readFile(path.join(staging, MANIFEST), 'utf8')) as BackupManifest;
    if (manifest.format !== 'rescuedesk-backup' || manifest.version !== 1) throw new Error('This file is not a RescueDesk backup.');
    if (manifest.database === 'sqlite') assertIntegrity(path.join(staging, SQLITE_FILE_NAME));
    await fsp.rm(path.join(staging, MANIFEST));
    let previous: string | null = null;
    if (fs.existsSync(dataDir)) {
      previous = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await fsp.rename(dataDir, previous);
    }
    await fsp.rename(staging, dataDir);
    return { manifest, previous };
  } catch (err) {
    await fsp.rm(staging, { recursive: true, force: true });
    throw err;
  }
}

function assertIntegrity(file: string): void {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`The database copy failed its integrity check: ${String(result)}`);
  } finally {
    db.close();
  }
}

/** Downloads every stored image of the bucket (not thumbnails, not leftovers of failed uploads) into the disk layout. */
async function downloadImages(storage: ImageStorageConfig, to: string): Promise<number> {
  const store = await createImageStore(storage);
  let count = 0;
  try {
    for await (const page of store.list()) {
      for (const item of page) {
        const data = IMAGE_FILE_NAME_PATTERN.test(item.name) ? await store.read({ ngoId: item.ngoId, fileName: item.name }) : undefined;
        if (!data) continue;
        await fsp.mkdir(path.join(to, areaOf(item.ngoId)), { recursive: true });
        await fsp.writeFile(path.join(to, areaOf(item.ngoId), item.name), data);
        count++;
      }
    }
  } finally {
    await store.close();
  }
  return count;
}

/** Hard-links stored images (copies across file systems); thumbnails and temporary files are left out. */
async function copyImages(from: string, to: string): Promise<number> {
  let count = 0;
  const folders = await fsp.readdir(from, { withFileTypes: true }).catch(() => []);
  for (const folder of folders) {
    if (!folder.isDirectory()) continue;
    await fsp.mkdir(path.join(to, folder.name), { recursive: true });
    for (const entry of await fsp.readdir(path.join(from, folder.name), { withFileTypes: true })) {
      if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
      const source = path.join(from, folder.name, entry.name);
      const target = path.join(to, folder.name, entry.name);
      await fsp.link(source, target).catch(() => fsp.copyFile(source, target));
      count++;
    }
  }
  return count;
}
