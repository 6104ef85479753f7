import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../../../test/api';
import { jpegPhoto } from '../../../test/images';
import { multipartBody } from '../../../test/multipart';
import { IMAGE_STORES } from '../../../test/test-app';
import { createBackup, restoreBackup } from './backup';

describe.each(IMAGE_STORES)('backup and restore, images on the %s store', (imageStore) => {
  const ctx = useTwoNgoWorld({ imageStore });

  it('backs up the database and images while the server runs, and restores them elsewhere', async () => {
    const worker = ctx.world.inA.Worker;
    const created = await worker.post('/api/case/createCase', { type: 'OPD' });
    const { payload, headers } = multipartBody({ fieldName: 'AnimalPictures' }, [{ filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegPhoto() }]);
    const image = (await ctx.t.app.inject({ method: 'POST', url: '/api/image/createImage', payload, headers: { ...headers, cookie: worker.cookie } })).json().data;

    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-backup-test-'));
    const archive = path.join(work, 'backup.tar.gz');
    const postgres = ctx.t.database.dialect === 'postgres';
    // Thumbnails are made again on request: the backup holds the originals only.
    await ctx.t.app.inject({ method: 'GET', url: `/api/image/getImage/${ctx.world.a.id}/${image}?w=96`, headers: { cookie: worker.cookie } });
    const manifest = await createBackup({ dataDir: ctx.t.config.dataDir, out: archive, postgres, imageStorage: ctx.t.config.imageStorage });
    expect(manifest).toMatchObject({ format: 'rescuedesk-backup', images: 1, database: postgres ? 'postgres' : 'sqlite', imageStore: imageStore });
    expect(fs.existsSync(`${archive}.partial`)).toBe(false);

    const target = path.join(work, 'restored');
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'old.txt'), 'previous data');
    const { previous } = await restoreBackup({ archive, dataDir: target });
    expect(previous && fs.readFileSync(path.join(previous, 'old.txt'), 'utf8')).toBe('previous data');
    const restored = path.join(target, 'images', `ngo-${ctx.world.a.id}`, image);
    expect(fs.readFileSync(restored).equals((await ctx.t.store.read({ ngoId: ctx.world.a.id, fileName: image }))!)).toBe(true);
    if (!postgres) {
      const SQLite = (await import('better-sqlite3')).default;
      const db = new SQLite(path.join(target, 'rescuedesk.sqlite'), { readonly: true });
      const row = db.prepare('select type from cases where id = ?').get(created.json().data.id) as { type: string };
      db.close();
      expect(row.type).toBe('OPD');
    }
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('refuses a file that is not a backup and leaves the data in place', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-backup-test-'));
    const bogus = path.join(work, 'bogus.tar.gz');
    fs.writeFileSync(bogus, 'not an archive');
    const target = path.join(work, 'data');
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'keep.txt'), 'x');
    await expect(restoreBackup({ archive: bogus, dataDir: target })).rejects.toThrow();
    expect(fs.readFileSync(path.join(target, 'keep.txt'), 'utf8')).toBe('x');
    expect(fs.readdirSync(work).filter((n) => n.includes('restoring'))).toEqual([]);
    fs.rmSync(work, { recursive: true, force: true });
  });
});
