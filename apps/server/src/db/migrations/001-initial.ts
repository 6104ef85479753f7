import { type Kysely, sql } from 'kysely';
import { idColumn, isPostgres } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ngos')
    .$call(idColumn(db))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('darpan_id', 'text')
    .addColumn('description', 'text')
    .addColumn('mission', 'text')
    .addColumn('helpline', 'text')
    .addColumn('alt_helpline', 'text')
    .addColumn('facebook', 'text')
    .addColumn('linkedin', 'text')
    .addColumn('instagram', 'text')
    .addColumn('twitter', 'text')
    .addColumn('email', 'text')
    .addColumn('website', 'text')
    .addColumn('logo', 'text')
    .addColumn('reg_cert', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('pan_card', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('facility', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ngos_darpan_id_unique').unique().on('ngos').expression(sql`lower(darpan_id)`).execute();

  await db.schema
    .createTable('users')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.references('ngos.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('contact', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('profile_image', 'text')
    .addColumn('verification_id', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('deactivated_at', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_email_unique').unique().on('users').expression(sql`lower(email)`).execute();
  await db.schema.createIndex('users_username_unique').unique().on('users').expression(sql`lower(username)`).execute();
  await db.schema.createIndex('users_ngo_id').on('users').column('ngo_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('images')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.references('ngos.id'))
    .addColumn('file_name', 'text', (c) => c.notNull().unique())
    .addColumn('field_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_ngo_id').on('images').column('ngo_id').execute();

  await db.schema
    .createTable('audit_log')
    .$call(idColumn(db))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_role', 'text')
    .addColumn('ngo_id', 'integer')
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id']).execute();
  await db.schema.createIndex('audit_log_ngo_at').on('audit_log').columns(['ngo_id', 'at']).execute();

  // The audit log is append-only at the database level too, not only by convention in the code.
  if (isPostgres(db)) {
    await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit_log is append-only'; END; $$`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('001-initial cannot be reverted: restore from a backup instead.');
}
