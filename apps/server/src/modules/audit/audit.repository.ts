import type { FieldChange } from '@rescuedesk/shared';
import type { Insertable, Kysely } from 'kysely';
import type { Actor } from '../../lib/actor';
import { nowIso } from '../../lib/time';
import type { AuditLogTable, DB } from '../../db/schema';
import { scopedTo } from '../../db/scope';

export interface AuditEntry {
  entity: string;
  entityId: string | number;
  action: string;
  ngoId: number | null;
  /** Names of the changed fields. */
  fields?: readonly string[];
  /**
   * Old and new values, for case entries only (the case timeline). Case fields hold no password,
   * session data or token; image fields hold stored file names.
   */
  changes?: readonly FieldChange[];
}

export interface AuditRow {
  id: number;
  at: string;
  action: string;
  actor_id: number | null;
  actor_role: string | null;
  actor_name: string | null;
  fields: string;
  changes: string | null;
  made_at: string | null;
}

export type AuditActor = (Pick<Actor, 'id' | 'role'> & Partial<Pick<Actor, 'name' | 'madeAt'>>) | null;

/** The log's row for an entry, as append writes it (a case's step save writes it with the case, CaseRepository.updateAudited). */
export function auditRow(actor: AuditActor, entry: AuditEntry): Insertable<AuditLogTable> {
  return {
    at: nowIso(),
    actor_id: actor?.id ?? null,
    actor_role: actor?.role ?? null,
    actor_name: actor?.name ?? null,
    ngo_id: entry.ngoId,
    entity: entry.entity,
    entity_id: String(entry.entityId),
    action: entry.action,
    fields: JSON.stringify(entry.fields ?? []),
    changes: entry.changes ? JSON.stringify(entry.changes) : null,
    made_at: actor?.madeAt ?? null,
  };
}

/** The audit log can only grow: this repository has no update or delete, and the database refuses both. */
export class AuditRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async append(actor: AuditActor, entry: AuditEntry): Promise<void> {
    await this.db.insertInto('audit_log').values(auditRow(actor, entry)).execute();
  }

  /**
   * One page of a case's entries, newest first, with the total. The case was found in the actor's
   * scope already; the NGO is matched too. `hiddenActions` are left out of page and total alike.
   * Read through the (ngo_id, entity, entity_id, id, action) index (migration 009b): the total from
   * the index alone, the page from the case's own entries, so the cost follows the case, not the log.
   */
  async caseTimeline(ngoId: number, caseId: number, page: { page: number; pageSize: number; hiddenActions: readonly string[] }): Promise<{ rows: AuditRow[]; total: number }> {
    let query = scopedTo(this.db.selectFrom('audit_log').where('audit_log.entity', '=', 'case').where('audit_log.entity_id', '=', String(caseId)), ngoId, 'audit_log.ngo_id');
    if (page.hiddenActions.length > 0) query = query.where('audit_log.action', 'not in', [...page.hiddenActions]);
    const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await query
      .leftJoin('users', 'users.id', 'audit_log.actor_id')
      .select(['audit_log.id', 'audit_log.at', 'audit_log.action', 'audit_log.actor_id', 'audit_log.actor_role', 'audit_log.fields', 'audit_log.changes', 'audit_log.made_at'])
      .select((eb) => eb.fn.coalesce('audit_log.actor_name', 'users.name').as('actor_name'))
      .orderBy('audit_log.id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute();
    return { rows, total: Number(counted?.n ?? 0) };
  }

  /** The id of the case's newest entry (0 for none): its timeline changes exactly when this does. */
  async lastCaseEntry(ngoId: number, caseId: number): Promise<number> {
    const query = this.db.selectFrom('audit_log').select('id').where('entity', '=', 'case').where('entity_id', '=', String(caseId)).orderBy('id', 'desc').limit(1);
    return (await scopedTo(query, ngoId).executeTakeFirst())?.id ?? 0;
  }

  /** Whether the actor's entry of this action with these changes was written on the case since `since`. */
  async hasRecent(ngoId: number, caseId: number, entry: { action: string; actorId: number; changes: readonly FieldChange[]; since: string }): Promise<boolean> {
    const query = this.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity', '=', 'case')
      .where('entity_id', '=', String(caseId))
      .where('action', '=', entry.action)
      .where('actor_id', '=', entry.actorId)
      .where('changes', '=', JSON.stringify(entry.changes))
      .where('at', '>=', entry.since)
      .limit(1);
    return (await scopedTo(query, ngoId).executeTakeFirst()) !== undefined;
  }
}
