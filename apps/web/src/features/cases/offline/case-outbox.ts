import { CASE_STEP_KEYS, optionKey, type CaseType, type MessageKey, type Translate } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { appOutbox, askPhotoAgain, describePhoto, isPhoto, localMemory, photoLane, provideAppOutbox, replacePhotoName, sendOverHttp, waitsOnPhotos, withoutPhoto, withPhotoNames, type AppOutboxEntry } from '../../../lib/offline/app-outbox';
import { Outbox, heldBehindFailed as heldBehindFailedBy, type SubmitResult } from '../../../lib/offline/outbox';
import { sameValue, type Memory, type NewEntry, type OutboxRules, type SendEntry } from '../../../lib/offline/outbox-rules';
import { indexedDbOutbox, memoryOutbox, type OutboxStorage } from '../../../lib/offline/outbox-store';
import { checkConflicts, keepAnsweredCase, type Conflict } from './conflicts';
import { dayIdIn, isIdentified, replaceTempCaseId, replaceTempDayId, resolveCaseId, withDayId } from './temporary-ids';

/**
 * The cases feature's writes through the app's outbox (docs/decisions/012): what they are, and the
 * rules the queue sends them by. Each case's writes go in order, one at a time (its create first);
 * a case created offline, or a day added offline, goes by a temporary id until answered
 * (temporary-ids.ts); a change deferred is checked for conflicts before it goes (conflicts.ts).
 */

/** The kinds of write the cases feature queues; 'image' is a photo the image uploader queued. */
export type CaseOutboxKind = 'createCase' | 'updateCase' | 'caseStep' | 'postOpDay' | 'image';

export interface CaseOutboxEntry extends AppOutboxEntry {
  kind: CaseOutboxKind;
  /** The case it changes (a temporary id for a case created offline; 0 for a photo). */
  caseId: number;
  /** createCase only: the temporary id the case goes by until the server gives it its own. */
  tempId?: number;
  /** postOpDay add only: the temporary (negative) id the new day goes by on screen until sent. */
  dayId?: number;
  /** caseStep only: the step saved. */
  step?: string;
  /**
   * Each field's value when the edit was made (what the edit was based on): a field the server holds
   * another value for when the entry is sent was changed by someone else meanwhile (a conflict).
   */
  base?: Record<string, unknown>;
}

export type NewCaseEntry = NewEntry<CaseOutboxEntry>;

export interface CaseOutboxDeps {
  storage: OutboxStorage<CaseOutboxEntry>;
  send: SendEntry<CaseOutboxEntry>;
  /** The case as the server holds it now (for conflicts, and a day's id whose answer was not kept). */
  readCase: (caseId: number) => Promise<unknown>;
  isOnline?: () => boolean;
  /** Where temporary ids and names already replaced are remembered (an address still naming one finds its case). */
  idMap?: Memory;
}

type Replaced = (tempId: number, realId: number) => void;

/** A photo's lane is its own; a case's writes share the case's (a case created offline: its temporary id's, its create first). */
function caseLaneOf(entry: CaseOutboxEntry): string {
  if (entry.lane !== undefined) return entry.lane;
  return isPhoto(entry) ? photoLane(entry) : `case ${entry.caseId}`;
}

/** What an entry changes, in words: 'New case (OPD)', 'Case #12: Animal Details'. */
export function describeEntry(t: Translate, entry: CaseOutboxEntry): string {
  if (isPhoto(entry)) return describePhoto(entry, t);
  if (entry.describeAs) return t(entry.describeAs.key, entry.describeAs.values);
  if (entry.kind === 'createCase') return t('offline.outbox.entryCreate', { type: t(optionKey('caseType', (entry.body.type as CaseType | undefined) ?? 'OPD')) });
  const what = entry.kind === 'caseStep' && entry.step ? t(`step.${entry.step}` as MessageKey) : t('offline.outbox.topCard');
  return entry.caseId < 0 ? t('offline.outbox.entryNewCase', { what }) : t('offline.outbox.entryCase', { id: entry.caseId, what });
}

function caseRules(readCase: CaseOutboxDeps['readCase'], memory: Memory | undefined, replaced: ReadonlySet<Replaced>): OutboxRules<CaseOutboxEntry, Conflict> {
  return {
    laneOf: caseLaneOf,
    isUpload: isPhoto,
    waitsOn: waitsOnPhotos,
    admit: (entry) => {
      // A photo the image uploader queued names no case: it is kept under case 0.
      const caseId = resolveCaseId(memory, (entry.caseId as number | undefined) ?? 0);
      const named = withPhotoNames(memory, entry.body);
      return { ...entry, caseId, body: 'caseId' in named ? { ...named, caseId } : named };
    },
    // A create keeps its temporary id: sent again, its key replays the answer and the id is replaced then.
    resolve: (entry) => {
      const caseId = entry.kind === 'createCase' ? entry.caseId : resolveCaseId(memory, entry.caseId);
      const withNames = withPhotoNames(memory, entry.body);
      const named = entry.kind === 'postOpDay' ? withDayId(memory, withNames) : withNames;
      const body = caseId !== entry.caseId && 'caseId' in named ? { ...named, caseId } : named;
      return sameValue(body, entry.body) && caseId === entry.caseId ? entry : { ...entry, caseId, body };
    },
    check: (entry, sync) => checkConflicts(readCase, entry, sync),
    // A create is asked again without the header (its body's own key answers the case it made); a day's add reads the case for the day's id.
    askAgain: async (entry, send) => {
      if (entry.kind === 'createCase' && typeof entry.body.idempotencyKey === 'string') return send(entry, { withoutKey: true });
      if (entry.kind === 'postOpDay' && entry.dayId !== undefined && entry.caseId > 0) return readCase(entry.caseId);
      return askPhotoAgain(entry);
    },
    answered: async (entry, data, queue) => {
      if (entry.kind === 'createCase' && entry.tempId !== undefined && isIdentified(data)) {
        const { tempId } = entry;
        await replaceTempCaseId(memory, queue, tempId, data.id);
        for (const listener of replaced) listener(tempId, data.id);
        queue.changed();
      }
      if (isPhoto(entry) && entry.tempName && typeof data === 'string') await replacePhotoName(memory, queue, entry.tempName, data);
      const dayId = entry.dayId !== undefined ? dayIdIn(data, entry.body.dayNumber) : undefined;
      if (entry.dayId !== undefined && dayId !== undefined) await replaceTempDayId(memory, queue, entry.dayId, dayId);
    },
    sent: keepAnsweredCase,
    // A case's create refused: its changes cannot be sent without it.
    refusedWith: (entry, entries) => (entry.tempId !== undefined ? entries.filter((e) => e.caseId === entry.tempId && e.seq !== entry.seq) : []),
    // A case never created takes its changes, a day never added the changes of that day.
    droppedWith: (entry, entries) =>
      entries.filter((e) => e.seq !== entry.seq && ((entry.tempId !== undefined && e.caseId === entry.tempId) || (entry.dayId !== undefined && e.kind === 'postOpDay' && e.body.id === entry.dayId))),
    discarded: withoutPhoto,
    describe: (entry, t) => describeEntry(t, entry),
    openAt: caseAddressOf,
  };
}

/** The case page at the step an entry saves (a photo queued on its own names no case: null). */
export function caseAddressOf(entry: CaseOutboxEntry): string | null {
  if (isPhoto(entry) || entry.caseId === 0) return null;
  const id = entry.tempId ?? entry.caseId;
  const index = entry.kind === 'caseStep' ? CASE_STEP_KEYS.findIndex((step) => step === entry.step) : -1;
  return index < 0 ? `/dashboard/case?id=${id}` : `/dashboard/case?id=${id}&step=${index + 1}`;
}

/** An outbox of the cases feature's writes (and the photos queued beside them). */
export class CaseOutbox extends Outbox<CaseOutboxEntry, Conflict> {
  private readonly replaced: Set<Replaced>;

  constructor({ readCase, idMap, ...deps }: CaseOutboxDeps) {
    const replaced = new Set<Replaced>();
    super({ ...deps, rules: caseRules(readCase, idMap, replaced), memory: idMap });
    this.replaced = replaced;
  }

  /** The real id of a case created offline whose create has been answered, or the id itself. */
  resolveId(id: number): number {
    return resolveCaseId(this.memory, id);
  }

  /**
   * A step saved again while an earlier save of it was refused: the refused entry is corrected
   * (its fields with the new ones on top) and goes again, instead of a new save held behind it.
   * The refused values the page showed are in the new save or kept, so nothing typed is lost.
   */
  override async submit(entry: NewCaseEntry): Promise<SubmitResult> {
    if (entry.kind === 'caseStep' && entry.step !== undefined) {
      const caseId = this.resolveId(entry.caseId);
      const refused = this.getSnapshot().entries.find((e) => e.state === 'failed' && e.kind === 'caseStep' && e.step === entry.step && e.caseId === caseId);
      if (refused && (await this.amend((e) => e.key === refused.key, { ...refused.body, ...entry.body, caseId: refused.body.caseId }))) return { sent: false };
    }
    return super.submit(entry);
  }

  /** Told when a case created offline takes its real id (the cache, the address). */
  onReplaced(listener: Replaced): () => void {
    this.replaced.add(listener);
    return () => this.replaced.delete(listener);
  }
}

/** The entries that wait behind a failed one (lib/offline/outbox.ts heldBehindFailed), by the cases' lanes. */
export function heldBehindFailed(entries: readonly CaseOutboxEntry[]): Set<string> {
  return heldBehindFailedBy(entries, { laneOf: caseLaneOf, isUpload: isPhoto, waitsOn: waitsOnPhotos });
}

/** The store in memory, of the cases' entries: for tests. */
export function memoryCaseOutbox(): OutboxStorage<CaseOutboxEntry> {
  return memoryOutbox<CaseOutboxEntry>();
}

// The app's outbox carries the cases' writes: made with their rules once this code is read.
provideAppOutbox(() => new CaseOutbox({ storage: indexedDbOutbox(), send: sendOverHttp, readCase: (id) => api.post<unknown>('/case/getCaseById', { id }), idMap: localMemory() }));

/** The app's outbox, as the cases feature knows it. */
export function caseOutbox(): CaseOutbox {
  const outbox = appOutbox();
  if (!(outbox instanceof CaseOutbox)) throw new Error('The app outbox was set to one that does not carry case writes');
  return outbox;
}

/** Queues a case write; answers the server's answer, or { sent: false } when it waits for the network. */
export function submitCaseWrite(entry: NewCaseEntry): Promise<SubmitResult> {
  return caseOutbox().submit(entry);
}
