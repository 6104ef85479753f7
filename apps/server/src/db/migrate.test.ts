import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { createPostgresDatabase } from '../../test/db-templates';
import { createDatabase } from './database';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** One process that prepares the database (migrations, first Admin) and exits, as a starting server instance does. */
function migrateInAnotherProcess(dataDir: string, databaseUrl: string | undefined): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/migrate-process.ts', dataDir, ...(databaseUrl ? [databaseUrl] : [])], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('starting several instances at once', () => {
  it('migrates a fresh database once and makes one first Admin: the others wait and find both done', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-migrate-'));
    const postgres = inject('dbKind') === 'postgres' ? await createPostgresDatabase(inject('pgUrl')) : undefined;
    try {
      const runs = await Promise.all([1, 2, 3].map(() => migrateInAnotherProcess(dataDir, postgres?.url)));
      for (const run of runs) expect(run, run.output).toMatchObject({ code: 0 });
      expect(runs.map((r) => r.output.trim()).sort()).toEqual(['created the Admin', 'found the Admin', 'found the Admin']);

      const database = createDatabase({ dataDir, databaseUrl: postgres?.url, log: { error: () => {} } });
      try {
        const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
        const names = rows.map((r) => r.name);
        expect(new Set(names).size).toBe(names.length);
        expect(names).toContain('010-shared-instance-state');
        expect(names[0]).toBe('001-initial');
        const admins = await database.db.selectFrom('users').select('username').where('role', '=', 'Admin').execute();
        expect(admins).toEqual([{ username: 'first-admin' }]);
      } finally {
        await database.destroy();
      }
    } finally {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
