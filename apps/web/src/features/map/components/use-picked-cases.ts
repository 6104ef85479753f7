import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const PARAM = 'picked';

/**
 * The cases picked on the map for a run, in picking order, kept in the page's address
 * (`?view=map&picked=12,40,7`): a reload, or Back from a case opened to check it, finds them
 * still picked. Each change replaces the address instead of adding to the history, so Back leaves
 * the map rather than undoing picks one by one. What is not a case id is left out.
 */
export function usePickedCases(): [number[], (change: (picked: number[]) => number[]) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(PARAM);
  const picked = useMemo(() => idsOf(value), [value]);
  const setPicked = useCallback(
    (change: (picked: number[]) => number[]) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const ids = change(idsOf(current.get(PARAM)));
          if (ids.length === 0) next.delete(PARAM);
          else next.set(PARAM, ids.join(','));
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return [picked, setPicked];
}

function idsOf(value: string | null): number[] {
  return [...new Set((value ?? '').split(',').filter((part) => /^[1-9]\d{0,11}$/.test(part)).map(Number))];
}
