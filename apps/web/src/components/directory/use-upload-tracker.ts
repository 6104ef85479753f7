import { useCallback, useState } from 'react';

/**
 * Several uploaders on one form: Save waits while any of them still has photos on their way, so the
 * saved record never misses an image the user has just added.
 */
export function useUploadTracker() {
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());

  const track = useCallback(
    (field: string) => (uploading: boolean) =>
      setBusy((current) => {
        if (current.has(field) === uploading) return current;
        const next = new Set(current);
        if (uploading) next.add(field);
        else next.delete(field);
        return next;
      }),
    [],
  );

  return { uploading: busy.size > 0, track };
}
