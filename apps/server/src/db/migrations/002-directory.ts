import { type Kysely, sql } from 'kysely';
import { idColumn } from './helpers';

/** Reporters, vets and sponsors: the people and organisations around an NGO's cases. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reporters')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('alternate_contact', 'text')
    .addColumn('email', 'text')
    .addColumn('verification_id', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reporters_ngo_id').on('reporters').columns(['ngo_id', 'id']).execute();

  await db.schema
    .createTable('vets')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('reg_id', 'text', (c) => c.notNull())
    .addColumn('vet_certification', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('verification_id', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vets_ngo_id').on('vets').columns(['ngo_id', 'id']).execute();

  await db.schema
    .createTable('sponsors')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('logo', 'text')
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sponsors_ngo_id').on('sponsors').columns(['ngo_id', 'id']).execute();

  await db.schema.createIndex('ngos_name_lower').on('ngos').expression(sql`lower(name)`).execute();
}

export async function down(): Promise<void> {
  throw new Error('002-directory cannot be reverted: restore from a backup instead.');
}
