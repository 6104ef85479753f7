import { sql, type Kysely } from 'kysely';

/**
 * The operation's vet as a link to the NGO's vet directory (issue 33): a name chosen from the list
 * stores the vet's id beside the name; a typed name stores the text alone and is shown as "not in
 * the vet directory". Cases saved before this held only the name: a name that is, ignoring case and
 * surrounding spaces, exactly one vet's of the case's NGO is linked to that vet (the lowest id when
 * two vets share it); any other name stays unlinked, as typed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cases').addColumn('vet_id', 'integer').execute();
  await linkVetNames(db);
}

/** Links each unlinked case's vet name to the one vet of its NGO with that name (the migration's second half; exported for its test). */
export async function linkVetNames(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE cases SET vet_id = (
      SELECT min(vets.id) FROM vets
      WHERE vets.ngo_id = cases.ngo_id AND lower(trim(vets.name)) = lower(trim(cases.vet_name))
    )
    WHERE vet_name IS NOT NULL AND vet_id IS NULL
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('021-case-vet-link cannot be reverted: restore from a backup instead.');
}
