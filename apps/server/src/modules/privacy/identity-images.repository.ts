import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { scopedTo } from '../../db/scope';
import { parseList, serializeList } from '../../lib/json-list';
import { CASE_IDENTITY_COLUMNS } from '../image/image-references';

/** Ids per statement, well under SQLite's limit of bound values. */
const ID_CHUNK = 500;

/** Identity documents taken off records: the stored names to delete, and each case's fields that held one. */
export interface TakenImages {
  names: string[];
  caseFields: Map<number, string[]>;
}

function chunks<T>(items: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += ID_CHUNK) parts.push(items.slice(i, i + ID_CHUNK));
  return parts;
}

/**
 * A reporter's identity documents (a case's ID front and back and consent form, a directory
 * reporter's identity documents) taken off the records whose reporter data retention or an erasure
 * empties, with their image rows, in the caller's transaction (docs/privacy.md#how-long). The files
 * go after the commit; a crash in between leaves files with no row, which the orphan sweep removes.
 */
export class IdentityImageRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async takeFromCases(ngoId: number, caseIds: readonly number[]): Promise<TakenImages> {
    const taken: TakenImages = { names: [], caseFields: new Map() };
    const columns = CASE_IDENTITY_COLUMNS.map((c) => c.column);
    for (const part of chunks(caseIds)) {
      const rows = await scopedTo(this.db.selectFrom('cases').select(['id', ...columns]).where('id', 'in', part), ngoId).execute();
      for (const row of rows) {
        const held = CASE_IDENTITY_COLUMNS.map((c) => {
          const value = (row as Record<string, unknown>)[c.column] as string | null;
          return { field: c.field, names: c.list ? parseList(value) : value ? [value] : [] };
        }).filter((h) => h.names.length > 0);
        if (held.length === 0) continue;
        taken.names.push(...held.flatMap((h) => h.names));
        taken.caseFields.set(row.id, held.map((h) => h.field));
      }
      const empty = Object.fromEntries(CASE_IDENTITY_COLUMNS.map((c) => [c.column, c.list ? serializeList([]) : null]));
      await scopedTo(this.db.updateTable('cases').set(empty).where('id', 'in', part), ngoId).execute();
    }
    await this.deleteRows(ngoId, taken.names);
    return taken;
  }

  async takeFromReporters(ngoId: number, reporterIds: readonly number[]): Promise<string[]> {
    const names: string[] = [];
    for (const part of chunks(reporterIds)) {
      const rows = await scopedTo(this.db.selectFrom('reporters').select(['id', 'verification_id']).where('id', 'in', part), ngoId).execute();
      names.push(...rows.flatMap((r) => parseList(r.verification_id)));
      await scopedTo(this.db.updateTable('reporters').set({ verification_id: serializeList([]) }).where('id', 'in', part), ngoId).execute();
    }
    await this.deleteRows(ngoId, names);
    return names;
  }

  private async deleteRows(ngoId: number, names: readonly string[]): Promise<void> {
    for (const part of chunks(names)) await scopedTo(this.db.deleteFrom('images').where('file_name', 'in', part), ngoId).execute();
  }
}
