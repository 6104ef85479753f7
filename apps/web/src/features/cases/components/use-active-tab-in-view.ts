import { useEffect, useRef } from 'react';

/** Keeps the active tab of a sideways-scrolling tab row in view, also when it was chosen by the URL. */
export function useActiveTabInView<T extends HTMLElement>(active: string) {
  const list = useRef<T>(null);
  useEffect(() => {
    const row = list.current;
    const tab = row?.querySelector<HTMLElement>('[data-active]');
    if (!row || !tab || row.scrollWidth <= row.clientWidth) return;
    const left = tab.offsetLeft - (row.clientWidth - tab.offsetWidth) / 2;
    row.scrollTo({ left: Math.max(0, left), behavior: 'smooth' });
  }, [active]);
  return list;
}
