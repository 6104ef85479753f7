import { type Kysely, sql } from 'kysely';
import type { DB, ImageRow, NewImageRow } from '../../db/schema';
import { inArea, scopedTo, type NgoArea } from '../../db/scope';
import { parseList, serializeList } from '../../lib/json-list';
import { nowIso } from '../../lib/time';
import { CASE_IDENTITY_COLUMNS, IMAGE_REFERENCE_COLUMNS, type ClearedReference } from './image-references';

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

  /** Marks the images as identity documents of the case, so that views of them are logged there. */
  async linkToCase(ngoId: number, caseId: number, names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    await scopedTo(this.db.updateTable('images').set({ case_id: caseId }).where('file_name', 'in', [...names]), ngoId).execute();
  }

  /** The identity field of the (live) case that holds the image, if it still does. */
  async identityFieldOfCase(ngoId: number, caseId: number, fileName: string): Promise<string | undefined> {
    const row = await scopedTo(
      this.db
        .selectFrom('cases')
        .select(CASE_IDENTITY_COLUMNS.map((c) => c.column))
        .where('id', '=', caseId)
        .where('deleted_at', 'is', null),
      ngoId,
    ).executeTakeFirst();
    if (!row) return undefined;
    const value = (column: string) => (row as Record<string, unknown>)[column];
    return CASE_IDENTITY_COLUMNS.find((c) => (c.list ? parseList(value(c.column) as string | null).includes(fileName) : value(c.column) === fileName))?.field;
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
      const owner = ref.partOf ? sql`, ${sql.ref(ref.partOf.idColumn)} as owner, ${sql.ref(ref.partOf.dayColumn)} as day` : sql``;
      const { rows } = await sql<{ id: number; value: string | null; owner?: number; day?: number }>`
        select id, ${column} as value${owner} from ${sql.table(ref.table)} where ${inArea(area, ref.ngoColumn)} and ${holds}`.execute(this.db);
      for (const row of rows) {
        const names = ref.list ? parseList(row.value) : [];
        if (ref.list && !names.includes(fileName)) continue;
        const remaining = names.filter((name) => name !== fileName);
        const value = ref.list ? serializeList(remaining) : null;
        await sql`update ${sql.table(ref.table)} set ${column} = ${value}, updated_at = ${now} where id = ${row.id} and ${inArea(area, ref.ngoColumn)}`.execute(this.db);
        const id = ref.partOf ? Number(row.owner) : row.id;
        const field = ref.partOf ? `postOpDays.${Number(row.day)}.${ref.field}` : ref.field;
        const key = `${ref.entity}:${id}`;
        const record = cleared.get(key) ?? { entity: ref.entity, id, fields: [], changes: [] };
        record.fields.push(field);
        record.changes.push(ref.list ? { field, from: names, to: remaining } : { field, from: fileName, to: null });
        cleared.set(key, record);
      }
    }
    return [...cleared.values()];
  }
}

function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
