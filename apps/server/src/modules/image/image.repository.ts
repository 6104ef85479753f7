import type { Kysely } from 'kysely';
import type { DB, ImageRow, NewImageRow } from '../../db/schema';

/** Image rows, always looked up inside one NGO scope (null: the platform area). */
export class ImageRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(values: NewImageRow): Promise<void> {
    await this.db.insertInto('images').values(values).execute();
  }

  async find(ngoId: number | null, fileName: string): Promise<ImageRow | undefined> {
    return this.db
      .selectFrom('images')
      .selectAll()
      .where('file_name', '=', fileName)
      .where((eb) => (ngoId === null ? eb('ngo_id', 'is', null) : eb('ngo_id', '=', ngoId)))
      .executeTakeFirst();
  }

  /** By name alone: for checks that then compare the row's NGO with the actor's. */
  async findByName(fileName: string): Promise<ImageRow | undefined> {
    return this.db.selectFrom('images').selectAll().where('file_name', '=', fileName).executeTakeFirst();
  }

  /** Which of the names are stored images of this NGO. */
  async existingNames(ngoId: number | null, names: readonly string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('images')
      .select('file_name')
      .where('file_name', 'in', [...names])
      .where((eb) => (ngoId === null ? eb('ngo_id', 'is', null) : eb('ngo_id', '=', ngoId)))
      .execute();
    return new Set(rows.map((r) => r.file_name));
  }

  async delete(ngoId: number | null, fileName: string): Promise<void> {
    await this.db
      .deleteFrom('images')
      .where('file_name', '=', fileName)
      .where((eb) => (ngoId === null ? eb('ngo_id', 'is', null) : eb('ngo_id', '=', ngoId)))
      .execute();
  }
}
