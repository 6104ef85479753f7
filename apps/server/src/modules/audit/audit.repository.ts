import { CASE_REPORTER_FIELDS, EMPTIED_BY, type EmptiedBy, type FieldChange, type TimelineEntry } from '@rescuedesk/shared';
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
  /** An entry written when a reporter's data was emptied: why ('retention:<day>', 'erasure:<id>'). */
  redacted?: string;
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
  redacted: string | null;
}

/** Case ids per read of their entries, well under SQLite's limit of bound values. */
const REDACT_CHUNK = 500;

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
    ...(entry.redacted ? { redacted: entry.redacted } : {}),
  };
}

/** The stamp of a redacted row: why its reporter values were emptied ('retention:<day>', 'erasure:<id>'). */
export function redactionStamp(by: EmptiedBy, ref: string | number): string {
  return `${by}:${ref}`;
}

/** A stamp read back for the case timeline (nothing for a row never redacted). */
export function emptiedOf(redacted: string | null): Pick<TimelineEntry, 'emptied'> {
  const at = redacted?.indexOf(':') ?? -1;
  if (!redacted || at < 0) return {};
  const by = EMPTIED_BY.find((b) => b === redacted.slice(0, at));
  return by ? { emptied: { by, ref: redacted.slice(at + 1) } } : {};
}

const REPORTER_FIELDS: ReadonlySet<string> = new Set(CASE_REPORTER_FIELDS);

/** A case entry's changes with the reporter fields' values emptied, or undefined when it holds none. */
function withoutReporterValues(changes: string): string | undefined {
  const list = JSON.parse(changes) as FieldChange[];
  if (!list.some((c) => REPORTER_FIELDS.has(c.field) && (c.from !== null || c.to !== null))) return undefined;
  return JSON.stringify(list.map((c) => (REPORTER_FIELDS.has(c.field) ? { field: c.field, from: null, to: null } : c)));
}

/**
 * The audit log can only grow: this repository has no delete, and its one update is the redaction
 * of a reporter's values (docs/decisions/024), the only change the database lets through.
 */
export class AuditRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Empties the reporter fields' old and new values in the entries of the NGO's cases, stamping
   * each changed row with `stamp`; answers how many rows changed. Called in the transaction that
   * empties the cases' reporter fields. A row is redacted once (a later stamp finds it done).
   */
  async redactCaseReporters(ngoId: number, caseIds: readonly number[], stamp: string): Promise<number> {
    let redacted = 0;
    for (let i = 0; i < caseIds.length; i += REDACT_CHUNK) {
      const ids = caseIds.slice(i, i + REDACT_CHUNK).map(String);
      const rows = await scopedTo(
        this.db.selectFrom('audit_log').select(['id', 'changes']).where('entity', '=', 'case').where('entity_id', 'in', ids).where('redacted', 'is', null).where('changes', 'like', '%"reporter%'),
        ngoId,
      ).execute();
      for (const row of rows) {
        const changes = row.changes === null ? undefined : withoutReporterValues(row.changes);
        if (changes === undefined) continue;
        await scopedTo(this.db.updateTable('audit_log').set({ changes, redacted: stamp }).where('id', '=', row.id).where('redacted', 'is', null), ngoId).execute();
        redacted++;
      }
    }
    return redacted;
  }

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
      .select(['audit_log.id', 'audit_log.at', 'audit_log.action', 'audit_log.actor_id', 'audit_log.actor_role', 'audit_log.fields', 'audit_log.changes', 'audit_log.made_at', 'audit_log.redacted'])
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
