import { type Kysely, sql } from 'kysely';
import { indexKeysOf } from '../../lib/search-keys';
import { type CaseWordSource, createCaseWordShards, optimizeCaseWordShards } from './014-case-search-counts';
import { CASE_WORD_PREFIXES } from './017-case-words-longer-prefixes';
import { isPostgres } from './helpers';

/**
 * The dashboard search across scripts and spellings, and by collar/tag number and case number
 * (docs/decisions/022-search-across-scripts.md).
 *
 * - Each of the reporter name, location and landmark gets a column of phonetic keys
 *   (`<column>_keys`, lib/search-keys.ts), written by the case repository with its field and
 *   filled here for the cases already stored, deleted ones too (a restore indexes them again).
 * - The case word index holds the keys, the collar/tag number and the case number besides 006's
 *   words. SQLite: the FTS5 shards and their triggers made anew from the live cases (as 017 and
 *   018 did: a delete marker must carry the words its entry was written with). PostgreSQL: the
 *   generated search_words column and its GIN index made anew.
 * - The list version (007, 012) moves when a collar/tag number changes: a kept search answer may
 *   depend on it now.
 *
 * Runs at start-up inside the start-up lock (migrate.ts), so several instances starting together
 * fill the keys once. The keys come from the rules of lib/search-keys.ts as they are today: a
 * change of those rules needs a migration that fills them again.
 */

/** The columns whose text gets phonetic keys, and the key column of each. */
export const CASE_KEY_COLUMNS = { reporter_name: 'reporter_name_keys', location: 'location_keys', landmark: 'landmark_keys' } as const;

/** The text columns of a case's index entry; the case number (id) comes first and never changes. */
const WORD_COLUMNS = ['reporter_name', 'location', 'landmark', 'pincode', 'unique_id', 'collar_tag', ...Object.values(CASE_KEY_COLUMNS)];

export const CASE_WORDS_022: CaseWordSource = {
  columns: WORD_COLUMNS,
  sql: (row) => [`cast(${row}id as text)`, ...WORD_COLUMNS.map((c) => `coalesce(${row}${c}, '')`)].join(" || ' ' || "),
};

/** 012's listed columns, and the collar/tag number. */
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
  'collar_tag',
];

/** Cases read and written a batch at a time while the keys are filled. */
const BATCH = 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  for (const column of Object.values(CASE_KEY_COLUMNS)) await db.schema.alterTable('cases').addColumn(column, 'text').execute();
  if (postgres) {
    // Dropped before the keys are filled, so their updates do not compute the old words again.
    await sql`DROP INDEX cases_words`.execute(db);
    await sql`ALTER TABLE cases DROP COLUMN search_words`.execute(db);
  }
  await fillCaseSearchKeys(db);

  const columns = sql.raw(LISTED_COLUMNS.join(', '));
  if (postgres) {
    await sql`ALTER TABLE cases ADD COLUMN search_words tsvector GENERATED ALWAYS AS (
      to_tsvector('simple', regexp_replace(${sql.raw(CASE_WORDS_022.sql(''))}, '[^[:alnum:]]+', ' ', 'g'))) STORED`.execute(db);
    await sql`CREATE INDEX cases_words ON cases USING gin (ngo_id, search_words) WHERE deleted_at IS NULL`.execute(db);
    await sql`DROP TRIGGER case_list_versions_update ON cases`.execute(db);
    await sql`CREATE TRIGGER case_list_versions_update AFTER UPDATE OF ${columns} ON cases FOR EACH ROW EXECUTE FUNCTION case_list_versions_track()`.execute(db);
    return;
  }
  await createCaseWordShards(db, CASE_WORD_PREFIXES, 'delete markers', CASE_WORDS_022);
  await optimizeCaseWordShards(db);
  const bump = sql.raw(`INSERT INTO case_list_versions (ngo_id, version) VALUES (OLD.ngo_id, 1) ON CONFLICT (ngo_id) DO UPDATE SET version = version + 1;`);
  await sql`DROP TRIGGER case_list_versions_update`.execute(db);
  await sql`CREATE TRIGGER case_list_versions_update AFTER UPDATE OF ${columns} ON cases BEGIN ${bump} END`.execute(db);
}

interface KeyedRow {
  id: number;
  reporter_name: string | null;
  location: string | null;
  landmark: string | null;
}

/** Every stored case's keys, in id order, a batch at a time; one UPDATE a batch for the cases that have any. */
export async function fillCaseSearchKeys(db: Kysely<unknown>): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<KeyedRow>`select id, reporter_name, location, landmark from cases where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.id;
    const keyed = rows
      .map((row) => ({ id: row.id, ...caseSearchKeys(row) }))
      .filter((row) => row.reporter_name_keys !== null || row.location_keys !== null || row.landmark_keys !== null);
    if (keyed.length === 0) continue;
    // VALUES names its columns column1, column2, ... on both databases.
    const values = keyed.map((r) => sql`(cast(${r.id} as integer), cast(${r.reporter_name_keys} as text), cast(${r.location_keys} as text), cast(${r.landmark_keys} as text))`);
    await sql`update cases set reporter_name_keys = v.column2, location_keys = v.column3, landmark_keys = v.column4
      from (values ${sql.join(values)}) as v where cases.id = v.column1`.execute(db);
  }
}

export type CaseSearchKeys = { -readonly [K in keyof typeof CASE_KEY_COLUMNS as (typeof CASE_KEY_COLUMNS)[K]]: string | null };

/** The key columns of a case whose keyed fields hold these values. */
export function caseSearchKeys(row: Partial<Record<keyof typeof CASE_KEY_COLUMNS, string | null>>): CaseSearchKeys {
  return { reporter_name_keys: indexKeysOf(row.reporter_name), location_keys: indexKeysOf(row.location), landmark_keys: indexKeysOf(row.landmark) };
}

export async function down(): Promise<void> {
  throw new Error('022-case-search-across-scripts cannot be reverted: restore from a backup instead.');
}
