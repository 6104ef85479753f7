import type { AccessLogEntry, AccessReason, AccessRecordType } from '@rescuedesk/shared';
import type { Kysely } from 'kysely';
import type { Page } from '../../db/listing';
import type { DB } from '../../db/schema';
import { scopedTo, type NgoScope } from '../../db/scope';
import type { Actor } from '../../lib/actor';
import { nowIso } from '../../lib/time';

/** The log's columns as the API names them. */
const ENTRY_COLUMNS = [
  'id',
  'at',
  'ngo_id as ngoId',
  'actor_id as userId',
  'actor_name as userName',
  'actor_role as userRole',
  'record_type as recordType',
  'record_id as recordId',
  'field',
  'reason',
] as const;

export interface AccessEntry {
  ngoId: number | null;
  recordType: AccessRecordType;
  recordId: string | number;
  field: string;
  reason: AccessReason;
}

/** The log page's filter, with its days already turned into instants on the NGOs' calendar. */
export interface AccessLogFilter {
  scope: NgoScope;
  userId?: number | undefined;
  recordType?: string | undefined;
  recordId?: string | undefined;
  /** Instants (UTC ISO-8601): from included, until excluded. */
  from?: string | undefined;
  until?: string | undefined;
}

/**
 * Who saw personal data in full (docs/privacy.md). Entries are only added: the database refuses to
 * change one (migration 024), and nothing here deletes.
 */
export class AccessLogRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async append(actor: Pick<Actor, 'id' | 'name' | 'role'>, entry: AccessEntry): Promise<void> {
    await this.db
      .insertInto('access_log')
      .values({
        at: nowIso(),
        ngo_id: entry.ngoId,
        actor_id: actor.id,
        actor_name: actor.name,
        actor_role: actor.role,
        record_type: entry.recordType,
        record_id: String(entry.recordId),
        field: entry.field,
        reason: entry.reason,
      })
      .execute();
  }

  /** Whether the actor's entry for this record, field and reason was written since `since` (views of one document coalesce). */
  async hasRecent(actorId: number, entry: AccessEntry, since: string): Promise<boolean> {
    const query = this.db
      .selectFrom('access_log')
      .select('id')
      .where('actor_id', '=', actorId)
      .where('record_type', '=', entry.recordType)
      .where('record_id', '=', String(entry.recordId))
      .where('field', '=', entry.field)
      .where('reason', '=', entry.reason)
      .where('at', '>=', since)
      .limit(1);
    return (await scopedTo(query, entry.ngoId).executeTakeFirst()) !== undefined;
  }

  /** One page, newest first, with the total of the filtered set. */
  async page(filter: AccessLogFilter, page: { page: number; pageSize: number }): Promise<Page<AccessLogEntry>> {
    const query = this.filtered(filter);
    const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await query
      .select(ENTRY_COLUMNS)
      .$narrowType<Pick<AccessLogEntry, 'recordType' | 'reason'>>()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute();
    return { rows, total: Number(counted?.n ?? 0) };
  }

  async count(filter: AccessLogFilter): Promise<number> {
    const counted = await this.filtered(filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(counted?.n ?? 0);
  }

  /** The export's rows after `afterId`, oldest first (a page at a time, as every export reads). */
  async exportPage(filter: AccessLogFilter, afterId: number, limit: number): Promise<AccessLogEntry[]> {
    return this.filtered(filter).select(ENTRY_COLUMNS).$narrowType<Pick<AccessLogEntry, 'recordType' | 'reason'>>().where('id', '>', afterId).orderBy('id').limit(limit).execute();
  }

  private filtered(filter: AccessLogFilter) {
    let query = scopedTo(this.db.selectFrom('access_log'), filter.scope);
    if (filter.userId !== undefined) query = query.where('actor_id', '=', filter.userId);
    if (filter.recordType !== undefined) query = query.where('record_type', '=', filter.recordType);
    if (filter.recordId !== undefined) query = query.where('record_id', '=', filter.recordId);
    if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
    if (filter.until !== undefined) query = query.where('at', '<', filter.until);
    return query;
  }
}
