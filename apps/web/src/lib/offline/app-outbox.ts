import type { MessageKey, MessageValues, Translate } from '@rescuedesk/shared';
import { api } from '../api-client';
import { t } from '../i18n/i18n';
import { Outbox } from './outbox';
import { AnswerLost, remember, remembered, sameValue, type Memory, type OutboxQueue, type OutboxRules } from './outbox-rules';
import { indexedDbOutbox, type OutboxEntry } from './outbox-store';

/**
 * The app's one outbox (docs/decisions/012), as every screen shares it: sent over the api-client,
 * carrying the photos taken offline (the image uploader queues them on any screen) beside the
 * writes of the feature that provides it, with that feature's rules (provideAppOutbox).
 */

/** An entry of the app's outbox: a feature's write, or a photo taken offline. */
export interface AppOutboxEntry extends OutboxEntry {
  /**
   * A photo only: the photo as it will be sent (already resized and compressed in the browser), its
   * file name, its size before it was resized, and the temporary name the form holds until the
   * server names it.
   */
  blob?: Blob;
  fileName?: string;
  originalBytes?: number;
  tempName?: string;
  /**
   * A write of a feature other than the one whose rules the outbox has (a coverage survey): the
   * lane it goes in, in order with the rest of that lane, and what the screens call it.
   */
  lane?: string;
  describeAs?: { key: MessageKey; values?: MessageValues };
}

/** The app's outbox as the shared screens know it: any feature's entries, whatever it checks them for. */
export type AppOutbox = Outbox<AppOutboxEntry, unknown>;

// --- photos taken offline ---

const PHOTO_KIND = 'image';
const NAME_MAP_KEY = 'rescuedesk.outbox.names';

/**
 * A photo queued offline goes by a name of the stored names' shape (so the step's checks accept it)
 * whose UUID has version 0: the server names photos with random (version 4) UUIDs, so the two never meet.
 */
export const QUEUED_IMAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-0[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg$/;

/** A new name for a photo queued offline. */
export function newQueuedImageName(): string {
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}.jpg`;
}

export const isPhoto = (entry: AppOutboxEntry): boolean => entry.kind === PHOTO_KIND;

/** The server's name of a photo queued offline whose upload has been answered, or the name itself. */
export function resolvePhotoName(memory: Memory | undefined, name: string): string {
  return QUEUED_IMAGE_NAME.test(name) ? (remembered<string>(memory, NAME_MAP_KEY)[name] ?? name) : name;
}

/** A body with every temporary photo name already answered replaced by the server's. */
export function withPhotoNames(memory: Memory | undefined, body: Record<string, unknown>): Record<string, unknown> {
  const swap = (value: unknown): unknown => (typeof value === 'string' ? resolvePhotoName(memory, value) : Array.isArray(value) ? value.map(swap) : value);
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, swap(value)]));
}

function namesAny(entry: AppOutboxEntry, names: readonly string[]): boolean {
  if (names.length === 0) return false;
  const body = JSON.stringify(entry.body);
  return names.some((name) => body.includes(name));
}

/** A body without a photo's temporary name (the photo was discarded): out of lists, a single one emptied. */
function withoutName(body: Record<string, unknown>, name: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value === name ? null : Array.isArray(value) ? value.filter((v) => v !== name) : value]));
}

/** Each photo is a lane of its own: no photo waits for another. */
export function photoLane(entry: AppOutboxEntry): string {
  return `photo ${entry.key}`;
}

/** A write naming a queued photo waits for its upload: it would otherwise be sent with the temporary name. */
export function waitsOnPhotos(entry: AppOutboxEntry, others: readonly AppOutboxEntry[]): boolean {
  return !isPhoto(entry) && namesAny(entry, others.flatMap((e) => (isPhoto(e) && e.tempName ? [e.tempName] : [])));
}

/** A photo's upload was answered: its name replaces the temporary one in every waiting write. */
export async function replacePhotoName<E extends AppOutboxEntry>(memory: Memory | undefined, queue: OutboxQueue<E>, tempName: string, realName: string): Promise<void> {
  remember(memory, NAME_MAP_KEY, tempName, realName);
  for (const entry of await queue.stored()) {
    if (!JSON.stringify(entry.body).includes(tempName)) continue;
    await queue.put({ ...entry, body: withPhotoNames(memory, entry.body) });
  }
  await queue.reload();
}

/** The waiting writes that named a discarded photo, without its name. */
export function withoutPhoto<E extends AppOutboxEntry>(photo: E, entries: readonly E[]): E[] {
  const tempName = isPhoto(photo) ? photo.tempName : undefined;
  if (!tempName) return [];
  return entries.filter((e) => !isPhoto(e) && namesAny(e, [tempName])).map((e) => ({ ...e, body: withoutName(e.body, tempName) }));
}

/**
 * A photo replayed as { data: null }: its name cannot be had again, so it is kept as failed and
 * nothing is sent under its temporary name; any other write needs no answer (null).
 */
export async function askPhotoAgain(entry: AppOutboxEntry): Promise<unknown> {
  if (isPhoto(entry)) throw new AnswerLost(t('offline.outbox.photoAnswerLost'));
  return null;
}

export function describePhoto(entry: AppOutboxEntry, translate: Translate): string {
  return translate('offline.outbox.entryPhoto', { original: Math.max(1, Math.round((entry.originalBytes ?? 0) / 1024)), queued: Math.max(1, Math.round((entry.blob?.size ?? 0) / 1024)) });
}

/**
 * The rules of an outbox no feature has provided yet: photos as above, any other write in one lane
 * in the order made (only a feature queues other writes, and it brings its own rules).
 */
function photoRules(memory: Memory | undefined): OutboxRules<AppOutboxEntry> {
  return {
    laneOf: (entry) => (isPhoto(entry) ? photoLane(entry) : 'writes'),
    isUpload: isPhoto,
    waitsOn: waitsOnPhotos,
    admit: (entry) => ({ ...entry, body: withPhotoNames(memory, entry.body) }),
    resolve: (entry) => {
      const body = withPhotoNames(memory, entry.body);
      return sameValue(body, entry.body) ? entry : { ...entry, body };
    },
    check: () => [],
    askAgain: askPhotoAgain,
    answered: async (entry, data, queue) => {
      if (isPhoto(entry) && entry.tempName && typeof data === 'string') await replacePhotoName(memory, queue, entry.tempName, data);
    },
    sent: () => undefined,
    refusedWith: () => [],
    droppedWith: () => [],
    discarded: withoutPhoto,
    describe: (entry, translate) => (isPhoto(entry) ? describePhoto(entry, translate) : entry.kind),
  };
}

// --- sending ---

/** A queued photo's upload: the same form the uploader sends, with the entry's key. */
function sendPhoto(entry: AppOutboxEntry): Promise<string> {
  const form = new FormData();
  form.append('fieldName', String(entry.body.fieldName));
  if (typeof entry.body.ngoId === 'number') form.append('ngoId', String(entry.body.ngoId));
  form.append('image', entry.blob ?? new Blob(), entry.fileName ?? 'photo.jpg');
  return api.upload<string>(entry.path, form, { idempotencyKey: entry.key });
}

/** Sends an entry with its Idempotency-Key (withoutKey: a write asked again by its body's own key). */
/** A write sent this long after it was queued reports when it was made. */
const MADE_LATER_MS = 60_000;

export function sendOverHttp(entry: AppOutboxEntry, options?: { withoutKey?: boolean }): Promise<unknown> {
  // A write that waited in the queue (offline, or behind another) says when it was made on the device.
  const madeAt = entry.deferred || Date.now() - entry.createdAt > MADE_LATER_MS ? { madeAt: entry.createdAt } : {};
  return isPhoto(entry) ? sendPhoto(entry) : api.post<unknown>(entry.path, entry.body, options?.withoutKey ? madeAt : { idempotencyKey: entry.key, ...madeAt });
}


/** The device's local storage, where the app's outbox remembers answered references; none where it is barred. */
export function localMemory(): Memory | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

// --- the app's one outbox ---

let instance: AppOutbox | null = null;
let provided: (() => AppOutbox) | null = null;
/** Whether the instance is a stand-in made before any feature provided the app's outbox. */
let standIn = false;

/** The app's outbox: started by the signed-in shell for the signed-in user. */
export function appOutbox(): AppOutbox {
  if (instance === null) {
    standIn = provided === null;
    instance = provided ? provided() : new Outbox({ storage: indexedDbOutbox<AppOutboxEntry>(), send: sendOverHttp, rules: photoRules(localMemory()), memory: localMemory() });
  }
  return instance;
}

/**
 * How the app's outbox is made: by the feature whose writes it carries, with its rules, when that
 * feature's code is read. A stand-in made before (a session ended while that code was on its way)
 * was never started, so it holds nothing and gives way.
 */
export function provideAppOutbox(make: () => AppOutbox): void {
  provided = make;
  if (standIn) instance = null;
}

/** For tests: a fresh outbox. */
export function setAppOutbox(outbox: AppOutbox | null): void {
  instance = outbox;
  standIn = false;
}
