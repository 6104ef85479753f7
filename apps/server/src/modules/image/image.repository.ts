import { type Kysely, sql } from 'kysely';
import type { DB, ImageRow, NewImageRow } from '../../db/schema';
import { inArea, scopedTo, type NgoArea } from '../../db/scope';
import { parseList, serializeList } from '../../lib/json-list';
import { nowIso } from '../../lib/time';
import { IMAGE_REFERENCE_COLUMNS, type ClearedReference } from './image-references';

/** Image rows, always looked up inside one NGO area (null: the platform area; 'all': any NGO, for an Admin). */
export class ImageRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(values: NewImageRow): Promise<void> {
    await this.db.insertInto('images').values(values).execute();
  }

  async find(area: NgoArea, fileName: string): Promise<ImageRow | undefined> {
    return scopedTo(this.db.selectFrom('images').selectAll().where('file_name', '=', fileName), area).executeTakeFirst();
  }

  /** Which of the names are stored images of the area. */
  async existingNames(area: NgoArea, names: readonly string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const rows = await scopedTo(this.db.selectFrom('images').select('file_name').where('file_name', 'in', [...names]), area).execute();
    return new Set(rows.map((r) => r.file_name));
  }

  async delete(area: number | null, fileName: string): Promise<void> {
    await scopedTo(this.db.deleteFrom('images').where('file_name', '=', fileName), area).execute();
  }

  /**
   * Removes the name from every record of the area that holds it: a single-image field becomes
   * null, a list loses the name. Answers each changed record with its fields. The tables and
   * columns come from IMAGE_REFERENCE_COLUMNS, never from a request.
   */
  async removeReferences(area: number | null, fileName: string): Promise<ClearedReference[]> {
    const cleared = new Map<string, ClearedReference>();
    const now = nowIso();
    for (const ref of IMAGE_REFERENCE_COLUMNS) {
      const column = sql.ref(ref.column);
      const holds = ref.list ? sql`${column} like ${`%${likeEscaped(JSON.stringify(fileName))}%`} escape '\\'` : sql`${column} = ${fileName}`;
      const { rows } = await sql<{ id: number; value: string | null }>`
        select id, ${column} as value from ${sql.table(ref.table)} where ${inArea(area, ref.ngoColumn)} and ${holds}`.execute(this.db);
      for (const row of rows) {
        const names = ref.list ? parseList(row.value) : [];
        if (ref.list && !names.includes(fileName)) continue;
        const value = ref.list ? serializeList(names.filter((name) => name !== fileName)) : null;
        await sql`update ${sql.table(ref.table)} set ${column} = ${value}, updated_at = ${now} where id = ${row.id} and ${inArea(area, ref.ngoColumn)}`.execute(this.db);
        const key = `${ref.entity}:${row.id}`;
        const record = cleared.get(key) ?? { entity: ref.entity, id: row.id, fields: [] };
        record.fields.push(ref.field);
        cleared.set(key, record);
      }
    }
    return [...cleared.values()];
  }
}

function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
