import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers';

/**
 * The case timeline forgets a reporter (docs/decisions/024): when retention or an erasure request
 * empties a case's reporter fields, the old and new values of those fields in the case's audit rows
 * are emptied too. The audit log stays append-only except for this one change, checked by the
 * database: a case row not redacted before gets `redacted` ('retention:<day>' or 'erasure:<id>')
 * and its `changes` become the same list with the reporter fields' `from` and `to` set to null,
 * every other element and every other column unchanged. Any other update, and any delete, is refused.
 * Cases emptied before this migration get the same redaction now, stamped 'earlier:<when emptied>'
 * (whether retention or an erasure emptied them was not recorded).
 */
const REPORTER_FIELDS = sql.raw(`'reporterName', 'reporterContact', 'reporterAltContact', 'reporterEmail'`);

/** The columns a redaction leaves as they were. */
const KEPT_COLUMNS = ['id', 'at', 'actor_id', 'actor_role', 'actor_name', 'ngo_id', 'entity', 'entity_id', 'action', 'fields', 'made_at'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('redacted', 'text').execute();
  if (isPostgres(db)) {
    const kept = sql.raw(KEPT_COLUMNS.map((c) => `NEW.${c} IS NOT DISTINCT FROM OLD.${c}`).join(' AND '));
    await sql`CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE'
          AND OLD.redacted IS NULL AND NEW.redacted IS NOT NULL
          AND (NEW.redacted LIKE 'retention:%' OR NEW.redacted LIKE 'erasure:%' OR NEW.redacted LIKE 'earlier:%')
          AND OLD.entity = 'case' AND OLD.changes IS NOT NULL AND NEW.changes IS NOT NULL
          AND ${kept}
          AND jsonb_array_length(NEW.changes::jsonb) = jsonb_array_length(OLD.changes::jsonb)
          AND NOT EXISTS (
            SELECT 1 FROM jsonb_array_elements(OLD.changes::jsonb) WITH ORDINALITY AS o(v, i)
            LEFT JOIN jsonb_array_elements(NEW.changes::jsonb) WITH ORDINALITY AS n(v, i) ON n.i = o.i
            WHERE n.i IS NULL OR CASE WHEN o.v->>'field' IN (${REPORTER_FIELDS})
              THEN n.v IS DISTINCT FROM jsonb_build_object('field', o.v->'field', 'from', null, 'to', null)
              ELSE n.v IS DISTINCT FROM o.v END)
        THEN RETURN NEW; END IF;
        RAISE EXCEPTION 'audit_log is append-only';
      END; $$`.execute(db);
  } else {
    const kept = sql.raw(KEPT_COLUMNS.map((c) => `NEW.${c} IS OLD.${c}`).join(' AND '));
    await sql`DROP TRIGGER audit_log_no_update`.execute(db);
    // coalesce: a condition that is NULL (a NULL column) must refuse, not let the update through.
    await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      WHEN coalesce((
        OLD.redacted IS NULL AND NEW.redacted IS NOT NULL
        AND (NEW.redacted LIKE 'retention:%' OR NEW.redacted LIKE 'erasure:%' OR NEW.redacted LIKE 'earlier:%')
        AND OLD.entity = 'case' AND OLD.changes IS NOT NULL AND NEW.changes IS NOT NULL
        AND ${kept}
        AND json_array_length(NEW.changes) = json_array_length(OLD.changes)
        AND NOT EXISTS (
          SELECT 1 FROM json_each(OLD.changes) AS o LEFT JOIN json_each(NEW.changes) AS n ON n.key = o.key
          WHERE n.key IS NULL OR CASE WHEN json_extract(o.value, '$.field') IN (${REPORTER_FIELDS})
            THEN n.value IS NOT json_object('field', json_extract(o.value, '$.field'), 'from', NULL, 'to', NULL)
            ELSE n.value IS NOT o.value END)
      ), 0) = 0
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
  }
  await redactEarlierAnonymised(db);
}

/**
 * The redaction of the entries of cases whose reporter data was emptied before this migration, in
 * one statement per database, through the trigger above like any other.
 */
export async function redactEarlierAnonymised(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`UPDATE audit_log AS a
      SET redacted = 'earlier:' || c.reporter_anonymised_at,
        changes = (SELECT jsonb_agg(CASE WHEN e.v->>'field' IN (${REPORTER_FIELDS})
            THEN jsonb_build_object('field', e.v->'field', 'from', null, 'to', null) ELSE e.v END ORDER BY e.i)::text
          FROM jsonb_array_elements(a.changes::jsonb) WITH ORDINALITY AS e(v, i))
      FROM cases AS c
      WHERE a.entity = 'case' AND a.redacted IS NULL AND a.changes LIKE '%"reporter%'
        AND c.id::text = a.entity_id AND c.ngo_id = a.ngo_id AND c.reporter_anonymised_at IS NOT NULL`.execute(db);
  } else {
    await sql`UPDATE audit_log
      SET redacted = 'earlier:' || (SELECT c.reporter_anonymised_at FROM cases AS c WHERE CAST(c.id AS TEXT) = audit_log.entity_id AND c.ngo_id = audit_log.ngo_id),
        changes = (SELECT json_group_array(CASE WHEN json_extract(value, '$.field') IN (${REPORTER_FIELDS})
            THEN json_object('field', json_extract(value, '$.field'), 'from', NULL, 'to', NULL) ELSE json(value) END)
          FROM json_each(audit_log.changes))
      WHERE entity = 'case' AND redacted IS NULL AND changes LIKE '%"reporter%'
        AND EXISTS (SELECT 1 FROM cases AS c WHERE CAST(c.id AS TEXT) = audit_log.entity_id AND c.ngo_id = audit_log.ngo_id AND c.reporter_anonymised_at IS NOT NULL)`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('037-audit-redaction cannot be reverted: restore from a backup instead.');
}
