import { type Kysely, sql } from 'kysely';
import { idColumn } from './helpers';

/**
 * ABC programme records (docs/product.md#abc-programme-records): the new step fields as columns
 * of the case, the distance between capture and release that the server works out, the NGO's
 * release distance limit, the daily post-operative log, and values in the audit log so the case
 * timeline can show old and new values.
 */
const CASE_COLUMNS: ReadonlyArray<readonly [string, 'text' | 'double precision' | 'integer']> = [
  // Reporter step: the capture.
  ['capture_latitude', 'double precision'],
  ['capture_longitude', 'double precision'],
  ['capture_accuracy', 'double precision'],
  ['capture_source', 'text'],
  ['capture_date', 'text'],
  ['capture_time', 'text'],
  ['ward_zone', 'text'],
  // Animal step: identification.
  ['collar_tag', 'text'],
  ['ear_notch', 'text'],
  ['animal_lactating', 'text'],
  // Medical step: fitness and the anti-rabies vaccine.
  ['unfit_reason', 'text'],
  ['unfit_notes', 'text'],
  ['vaccine_name', 'text'],
  ['vaccine_batch', 'text'],
  ['vaccine_expiry', 'text'],
  ['vaccination_date', 'text'],
  // Operation step.
  ['surgery_cancelled', 'text'],
  ['cancel_reason', 'text'],
  // Post-operation step: release and death.
  ['release_latitude', 'double precision'],
  ['release_longitude', 'double precision'],
  ['release_accuracy', 'double precision'],
  ['release_time', 'text'],
  ['release_override_reason', 'text'],
  ['death_date', 'text'],
  ['death_timing', 'text'],
  ['death_cause', 'text'],
  ['post_mortem_notes', 'text'],
  // Worked out by the server from the two points.
  ['release_distance_m', 'integer'],
];

/** The case columns that hold identity documents: a view of one of them is logged on the case. */
const IDENTITY_COLUMNS = ['verification_id_front_image', 'verification_id_back_image', 'consent_form_image'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type] of CASE_COLUMNS) await db.schema.alterTable('cases').addColumn(name, type).execute();
  await db.schema.alterTable('cases').addColumn('catching_squad', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('cases').addColumn('release_flagged', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  // A collar or tag number names one animal among the NGO's open cases (not deleted, not released,
  // no death recorded), compared without regard to case. The service checks first and answers with
  // the other case's number; this index holds the rule against a race between two saves.
  await sql`CREATE UNIQUE INDEX cases_open_collar_tag ON cases (ngo_id, upper(collar_tag))
    WHERE collar_tag IS NOT NULL AND deleted_at IS NULL AND status <> 'Released' AND death_date IS NULL`.execute(db);
  // Ward/zone suggestions: the NGO's wards and how often each is used, from the index alone.
  await db.schema
    .createIndex('cases_ngo_ward')
    .on('cases')
    .columns(['ngo_id', 'ward_zone'])
    .where(sql.ref('ward_zone'), 'is not', null)
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await db.schema.alterTable('ngos').addColumn('release_threshold_m', 'integer', (c) => c.notNull().defaultTo(500)).execute();

  await db.schema
    .createTable('case_post_op_days')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.id'))
    .addColumn('day_number', 'integer', (c) => c.notNull().check(sql`day_number >= 1`))
    .addColumn('log_date', 'text')
    .addColumn('wound_state', 'text')
    .addColumn('appetite', 'text')
    .addColumn('temperature', 'double precision')
    .addColumn('medication', 'text')
    .addColumn('notes', 'text')
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('case_post_op_days_case_day', ['case_id', 'day_number'])
    .execute();
  await db.schema.createIndex('case_post_op_days_ngo').on('case_post_op_days').columns(['ngo_id', 'case_id']).execute();

  // The audit log keeps values for case entries (JSON [{ field, from, to }]) and the actor's name
  // at the time. Names of changed fields stay in `fields`, as before.
  await db.schema.alterTable('audit_log').addColumn('changes', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('actor_name', 'text').execute();
  // The timeline of one record, newest first, from the index alone (replaces (entity, entity_id)).
  await db.schema.createIndex('audit_log_entity_id').on('audit_log').columns(['entity', 'entity_id', 'id']).execute();
  await db.schema.dropIndex('audit_log_entity').execute();

  // Which case an identity document belongs to, so that a view of it is logged on that case.
  await db.schema.alterTable('images').addColumn('case_id', 'integer').execute();
  await linkIdentityImages(db);
}

/** Links the identity documents cases already hold to their case (the newest case, if several). */
async function linkIdentityImages(db: Kysely<unknown>): Promise<void> {
  const columns = sql.join(IDENTITY_COLUMNS.map((c) => sql.ref(c)));
  const { rows } = await sql<{ id: number; ngo_id: number; verification_id_front_image: string | null; verification_id_back_image: string | null; consent_form_image: string }>`
    SELECT id, ngo_id, ${columns} FROM cases
    WHERE verification_id_front_image IS NOT NULL OR verification_id_back_image IS NOT NULL OR consent_form_image <> '[]'
    ORDER BY id`.execute(db);
  for (const row of rows) {
    const names = [row.verification_id_front_image, row.verification_id_back_image, ...parseNames(row.consent_form_image)].filter((n): n is string => Boolean(n));
    if (names.length === 0) continue;
    const list = sql.join(names.map((n) => sql`${n}`));
    await sql`UPDATE images SET case_id = ${row.id} WHERE ngo_id = ${row.ngo_id} AND file_name IN (${list})`.execute(db);
  }
}

function parseNames(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export async function down(): Promise<void> {
  throw new Error('009-abc-records cannot be reverted: restore from a backup instead.');
}
