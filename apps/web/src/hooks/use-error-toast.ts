import { useEffect } from 'react';
import { notifyError } from '../lib/notify';

/** Shows a failed load in the closable error toast once per failure (docs/product.md#messages: nothing only logged). */
export function useErrorToast(error: unknown): void {
  useEffect(() => {
    if (error) notifyError(error);
  }, [error]);
}
