import { useSyncExternalStore } from 'react';
import { appOutbox, type AppOutboxEntry } from './app-outbox';
import type { Outbox, OutboxSnapshot } from './outbox';
import type { OutboxEntry } from './outbox-store';

/** The app's outbox as the screens show it: what waits, what failed, whether it is sending. */
export function useOutbox(): OutboxSnapshot<AppOutboxEntry> {
  return useOutboxOf(appOutbox());
}

/**
 * One value read from the app's outbox (a count, a flag: compared with Object.is, so never a new
 * object or array): the component draws again only when that value changes, not at every change of
 * the outbox. A dashboard row's marker, or the shell's logout guard, would otherwise all be drawn
 * again whenever any change is queued, sent or marked, and when the outbox is first read from the device.
 */
export function useOutboxValue<T extends number | boolean | string | null>(read: (snapshot: OutboxSnapshot<AppOutboxEntry>) => T): T {
  return useOutboxValueOf(appOutbox(), read);
}

/** useOutbox, for a feature that knows the app's outbox by its own entries. */
export function useOutboxOf<E extends OutboxEntry, C>(outbox: Outbox<E, C>): OutboxSnapshot<E, C> {
  return useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);
}

/** useOutboxValue, for a feature that knows the app's outbox by its own entries. */
export function useOutboxValueOf<E extends OutboxEntry, C, T extends number | boolean | string | null>(outbox: Outbox<E, C>, read: (snapshot: OutboxSnapshot<E, C>) => T): T {
  return useSyncExternalStore(outbox.subscribe, () => read(outbox.getSnapshot()));
}
