import type { Kysely } from 'kysely';

/**
 * The case timeline's index (docs/product.md#the-case-timeline), replacing 009's (entity, entity_id, id).
 * Every read of a record's history names its NGO as well (db/scope.ts). With the NGO first, and the
 * action last, the total (less the actions a role may not see) is counted from the index alone and
 * the page needs only the case's own entries. Its own migration because 009 had already run on
 * some databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('audit_log_record').on('audit_log').columns(['ngo_id', 'entity', 'entity_id', 'id', 'action']).execute();
  await db.schema.dropIndex('audit_log_entity_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('009b-case-timeline-index cannot be reverted: restore from a backup instead.');
}
