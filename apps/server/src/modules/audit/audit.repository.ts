import type { Kysely } from 'kysely';
import type { Actor } from '../../lib/actor';
import { nowIso } from '../../lib/time';
import type { DB } from '../../db/schema';

export interface AuditEntry {
  entity: string;
  entityId: string | number;
  action: string;
  ngoId: number | null;
  /** Names of the changed fields. Never values, never secrets. */
  fields?: readonly string[];
}

/** The audit log can only grow: this repository has no update or delete, and the database refuses both. */
export class AuditRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async append(actor: Pick<Actor, 'id' | 'role'> | null, entry: AuditEntry): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        at: nowIso(),
        actor_id: actor?.id ?? null,
        actor_role: actor?.role ?? null,
        ngo_id: entry.ngoId,
        entity: entry.entity,
        entity_id: String(entry.entityId),
        action: entry.action,
        fields: JSON.stringify(entry.fields ?? []),
      })
      .execute();
  }
}
