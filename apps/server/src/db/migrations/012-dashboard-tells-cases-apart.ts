import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers';

/**
 * The dashboard now shows each case's reported date and, to an Admin, its NGO's name (issue 15), so
 * the list version (007, docs/decisions/006) must also move when either changes: the update trigger
 * on cases is made again with `reported_date` among its columns, and renaming an NGO bumps that
 * NGO's version. The 'Deleted cases' view reads an NGO's deleted cases newest deletion first, from a
 * small partial index that holds only deleted cases.
 */
const LISTED_COLUMNS = [
  'ngo_id',
  'type',
  'status',
  'mortality',
  'cause_of_failure',
  'reporter_name',
  'location',
  'landmark',
  'pincode',
  'unique_id',
  'reported_date',
  'created_by',
  'deleted_at',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const columns = sql.raw(LISTED_COLUMNS.join(', '));
  if (isPostgres(db)) {
    await sql`DROP TRIGGER case_list_versions_update ON cases`.execute(db);
    await sql`CREATE TRIGGER case_list_versions_update AFTER UPDATE OF ${columns} ON cases FOR EACH ROW EXECUTE FUNCTION case_list_versions_track()`.execute(db);
    await sql`CREATE FUNCTION case_list_versions_ngo_name() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM case_list_versions_bump(NEW.id); RETURN NULL; END; $$`.execute(db);
    await sql`CREATE TRIGGER case_list_versions_ngo_name AFTER UPDATE OF name ON ngos FOR EACH ROW
      WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION case_list_versions_ngo_name()`.execute(db);
  } else {
    const bump = (ngo: string) => sql.raw(`INSERT INTO case_list_versions (ngo_id, version) VALUES (${ngo}, 1) ON CONFLICT (ngo_id) DO UPDATE SET version = version + 1;`);
    await sql`DROP TRIGGER case_list_versions_update`.execute(db);
    await sql`CREATE TRIGGER case_list_versions_update AFTER UPDATE OF ${columns} ON cases BEGIN ${bump('OLD.ngo_id')} END`.execute(db);
    await sql`CREATE TRIGGER case_list_versions_ngo_name AFTER UPDATE OF name ON ngos WHEN NEW.name IS NOT OLD.name BEGIN ${bump('NEW.id')} END`.execute(db);
  }
  await db.schema
    .createIndex('cases_deleted')
    .on('cases')
    .columns(['ngo_id', 'deleted_at', 'id'])
    .where(sql.ref('deleted_at'), 'is not', null)
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('012-dashboard-tells-cases-apart cannot be reverted: restore from a backup instead.');
}
