import { useEffect, useRef } from 'react';

/** Keeps the active tab of a sideways-scrolling tab row in view, also when it was chosen by the URL. */
export function useActiveTabInView<T extends HTMLElement>(active: string) {
  const list = useRef<T>(null);
  const drawn = useRef(false);
  useEffect(() => {
    const row = list.current;
    const tab = row?.querySelector<HTMLElement>('[data-active]');
    const firstDrawing = !drawn.current;
    drawn.current = true;
    // A row just drawn shows its first tab: nothing to measure. (Measuring makes the browser lay the
    // page out there and then, in the middle of its first drawing: on a slow phone the dashboard with
    // fifty cards, tens of milliseconds.)
    if (!row || !tab || (firstDrawing && tab === row.querySelector('[role="tab"]'))) return;
    if (row.scrollWidth <= row.clientWidth) return;
    const left = tab.offsetLeft - (row.clientWidth - tab.offsetWidth) / 2;
    row.scrollTo({ left: Math.max(0, left), behavior: 'smooth' });
  }, [active]);
  return list;
}
