import { notifications } from '@mantine/notifications';
import { errorMessage } from './api-client';

/** Toast durations from spec section 9. */
export const TOAST_MS = {
  success: 800,
  loginError: 5_000,
  saveError: 10_000,
} as const;

export function notifySuccess(message: string): void {
  notifications.show({ title: 'Done', message, color: 'teal', autoClose: TOAST_MS.success });
}

export function notifyError(error: unknown): void {
  notifications.show({
    title: 'Error',
    message: errorMessage(error),
    color: 'red',
    autoClose: TOAST_MS.saveError,
    withCloseButton: true,
  });
}
