/**
 * Whose data this device keeps for reading offline (docs/decisions/012). The query cache is stored
 * under the user's id, and only while the device believes that user is signed in: a stranger never
 * meets another user's cases, and an ended session stops the writing without losing what was kept.
 * Kept in local storage, so the app knows it before anything is asked of the network.
 */

const STORAGE_KEY = 'rescuedesk.offline.user';

export interface OfflineUser {
  id: number;
  /** False once the server said the session has ended: the data is kept, but not shown or written. */
  signedIn: boolean;
}

export function readOfflineUser(): OfflineUser | null {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { id, signedIn } = stored as Record<string, unknown>;
    return typeof id === 'number' && Number.isInteger(id) && typeof signedIn === 'boolean' ? { id, signedIn } : null;
  } catch {
    return null;
  }
}

function write(user: OfflineUser | null): void {
  try {
    if (user) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode or a full storage: nothing is kept for offline use.
  }
}

/** The user whose data may be shown and stored now, or null. */
export function activeOfflineUserId(): number | null {
  const user = readOfflineUser();
  return user?.signedIn ? user.id : null;
}

/**
 * The server confirmed who is signed in. Answers the id of another user whose data this device
 * kept, which must now be deleted (it is never shown to this user).
 */
export function noteSignedIn(id: number): number | null {
  const previous = readOfflineUser();
  write({ id, signedIn: true });
  return previous && previous.id !== id ? previous.id : null;
}

/** The session ended without a sign-out (it expired, or was ended elsewhere): keep the data, stop using it. */
export function noteSessionEnded(): void {
  const previous = readOfflineUser();
  if (previous) write({ id: previous.id, signedIn: false });
}

/** Signed out on purpose: nothing of the user stays. */
export function forgetOfflineUser(): void {
  write(null);
}
