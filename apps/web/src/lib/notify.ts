import { notifications } from '@mantine/notifications';
import { errorMessage } from './api-client';
import { t } from './i18n/i18n';

/** Toast durations (docs/product.md#messages). Callers pass texts already in the user's language. */
export const TOAST_MS = {
  success: 800,
  loginError: 5_000,
  saveError: 10_000,
} as const;

export function notifySuccess(message: string): void {
  notifications.show({ title: t('common.done'), message, color: 'teal', autoClose: TOAST_MS.success });
}

export function notifyError(error: unknown): void {
  notifications.show({
    title: t('common.error'),
    message: errorMessage(error),
    color: 'red',
    autoClose: TOAST_MS.saveError,
    withCloseButton: true,
  });
}
