import { BREACH_REPORT_HOURS, tr, type Breach, type CreateBreachInput } from '@rescuedesk/shared';
import type { BreachRow } from '../../db/schema';
import type { UnitOfWork } from '../../db/unit-of-work';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { translate } from '../../lib/i18n';
import { creationNgo, listScope, recordScope } from '../../lib/tenancy';
import type { AuditRepository } from '../audit/audit.repository';
import type { NgoRepository } from '../ngo/ngo.repository';
import type { BreachRepository } from './breach.repository';

type Repos = { breaches: BreachRepository; ngos: NgoRepository; audit: AuditRepository };

const HOUR_MS = 60 * 60 * 1000;

/**
 * The breach register (docs/privacy.md#breaches): an incident recorded with its discovery, the
 * Board's report due 72 hours later, and drafts of the notices to the Board and to the people
 * affected, in English and Hindi, from the catalogue's templates.
 */
export class BreachService {
  constructor(
    private readonly uow: UnitOfWork<Repos>,
    /** Formats an instant on the NGOs' calendar for the drafts. */
    private readonly local: (instant: string) => string,
  ) {}

  async create(actor: Actor, input: CreateBreachInput, now = new Date()): Promise<Breach> {
    const ngoId = await creationNgo(actor, input, this.uow.repos.ngos);
    const discoveredAt = new Date(input.discoveredAt).toISOString();
    if (discoveredAt > now.toISOString()) throw new ValidationError(tr('privacy.breach.inFuture'));
    const row = await this.uow.transaction(async ({ breaches, audit }) => {
      const created = await breaches.insert({
        ngo_id: ngoId,
        discovered_at: discoveredAt,
        what_happened: input.whatHappened,
        data_affected: input.dataAffected,
        people_affected: input.peopleAffected,
        people_count: input.peopleCount ?? null,
        created_by: actor.id,
      });
      await audit.append(actor, { entity: 'breach', entityId: created.id, action: 'create', ngoId, fields: ['discoveredAt', 'whatHappened', 'dataAffected', 'peopleAffected'] });
      return created;
    });
    return this.toBreach(row);
  }

  async list(actor: Actor, input: { ngoId?: number | undefined }): Promise<Breach[]> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    return Promise.all((await this.uow.repos.breaches.list(scope)).map((row) => this.toBreach(row)));
  }

  /** The Board was told: the clock stops. */
  async markReported(actor: Actor, id: number, now = new Date()): Promise<Breach> {
    const row = await this.uow.repos.breaches.find(recordScope(actor), id);
    if (!row) throw new NotFoundError(tr('privacy.breach.notFound'));
    const at = now.toISOString();
    await this.uow.transaction(async ({ breaches, audit }) => {
      if (!(await breaches.markReported(row.ngo_id, id, at))) throw new ConflictError(tr('privacy.breach.alreadyReported'));
      await audit.append(actor, { entity: 'breach', entityId: id, action: 'reported', ngoId: row.ngo_id, fields: ['reportedAt'] });
    });
    return this.toBreach({ ...row, reported_at: at });
  }

  private async toBreach(row: BreachRow): Promise<Breach> {
    const reportDueAt = new Date(Date.parse(row.discovered_at) + BREACH_REPORT_HOURS * HOUR_MS).toISOString();
    const values = {
      ngo: await this.uow.repos.breaches.ngoName(row.ngo_id),
      discovered: this.local(row.discovered_at),
      what: row.what_happened,
      data: row.data_affected,
      people: row.people_affected,
      count: row.people_count ?? '—',
    };
    const drafts = (key: 'privacy.breach.notice.board' | 'privacy.breach.notice.people') => ({ en: translate('en', key, values), hi: translate('hi', key, values) });
    return {
      id: row.id,
      ngoId: row.ngo_id,
      discoveredAt: row.discovered_at,
      reportDueAt,
      whatHappened: row.what_happened,
      dataAffected: row.data_affected,
      peopleAffected: row.people_affected,
      peopleCount: row.people_count,
      reportedAt: row.reported_at,
      notices: { board: drafts('privacy.breach.notice.board'), people: drafts('privacy.breach.notice.people') },
    };
  }
}
