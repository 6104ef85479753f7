import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * Whether the screen matches a media query, read as the component is drawn and followed as it
 * changes (a phone turned, a window resized). Unlike Mantine's useMediaQuery, which sets its state
 * again in an effect after the first drawing, nothing is drawn twice: on the dashboard that second
 * drawing of the list came before the first screen could be used (docs/performance/2026-11-25.md,
 * "Web, first visit (2026-11-25)").
 */
export function useMediaMatch(query: string): boolean {
  const list = useMemo(() => window.matchMedia(query), [query]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [list],
  );
  return useSyncExternalStore(
    subscribe,
    () => list.matches,
    () => false,
  );
}
