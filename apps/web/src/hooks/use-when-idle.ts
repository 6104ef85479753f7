import { useEffect, useState } from 'react';

/**
 * True once the page has had its first paint and settled (the browser is idle), or after
 * `timeoutMs` at the latest: for what must never hold up a page's first screen.
 */
export function useWhenIdle(timeoutMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const start = () => setIdle(true);
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(start, { timeout: timeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(start, 200);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return idle;
}
