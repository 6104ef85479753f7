import type { ReactNode } from 'react';
import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';
import { errorMessage } from './api-client';
import { t } from './i18n/i18n';

/** Toast durations (docs/product.md#messages). Callers pass texts already in the user's language. */
export const TOAST_MS = {
  success: 800,
  loginError: 5_000,
  saveError: 10_000,
  /** A toast offering an action: long enough to read it and reach the button. */
  offer: 15_000,
} as const;

/** Toasts that stay when the user moves to another page: each belongs to what led there. */
const crossPages = new Set<string>();
let sequence = 0;

/**
 * Shows a toast, replacing (not piling on) one of the same kind still shown: pressing Save again
 * with the same error shows that error once, freshly timed.
 */
function showOnce(kind: string, notification: Omit<NotificationData, 'id'>, { keepAcrossPages = false } = {}): string {
  const { notifications: shown, queue } = notificationsStore.getState();
  for (const old of [...shown, ...queue]) {
    if (old.id?.startsWith(`${kind}#`)) notifications.hide(old.id);
  }
  sequence += 1;
  const id = `${kind}#${sequence}`;
  if (keepAcrossPages) crossPages.add(id);
  notifications.show({
    ...notification,
    id,
    onClose: (closed) => {
      crossPages.delete(id);
      notification.onClose?.(closed);
    },
  });
  return id;
}

/** A brief confirmation; it may outlive the page it was shown on (Save & Exit shows it, then leaves). */
export function notifySuccess(message: string): void {
  showOnce(`success:${message}`, { title: t('common.done'), message, color: 'teal', autoClose: TOAST_MS.success }, { keepAcrossPages: true });
}

/** A closable error toast titled 'Error' with the server's message (it fits `onError` as it is). */
export function notifyError(error: unknown): void {
  notifyFailure(t('common.error'), error);
}

/** A closable error toast with its own title ('Status update unsuccessful') and the server's message. */
export function notifyFailure(title: string, error: unknown): void {
  const message = errorMessage(error);
  showOnce(`error:${title}:${message}`, { title, message, color: 'red', autoClose: TOAST_MS.saveError, withCloseButton: true });
}

/**
 * A toast offering one action about what was just saved (e.g. moving a case's status on). It stays
 * when the page changes, since the save that led to it may also have left the page. It shows at the
 * bottom, above a page's action bar: its button is for the thumb, and it leaves the step tabs at the
 * top in view. Answers a function that closes it.
 */
export function notifyOffer(kind: string, { title, message }: { title: string; message: ReactNode }): () => void {
  const id = showOnce(
    `offer:${kind}`,
    { title, message, color: 'blue', autoClose: TOAST_MS.offer, withCloseButton: true, position: 'bottom-center' },
    { keepAcrossPages: true },
  );
  return () => notifications.hide(id);
}

/** The user moved to another page: the toasts of the page left behind go with it (errors, above all). */
export function clearPageNotifications(): void {
  const { notifications: shown, queue } = notificationsStore.getState();
  for (const notification of [...shown, ...queue]) {
    if (notification.id && !crossPages.has(notification.id)) notifications.hide(notification.id);
  }
}
