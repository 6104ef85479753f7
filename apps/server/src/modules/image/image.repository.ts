import type { Kysely } from 'kysely';
import type { DB, ImageRow, NewImageRow } from '../../db/schema';
import { scopedTo, type NgoArea } from '../../db/scope';

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
}
