import { createContext, useContext, useEffect, useRef } from 'react';

export interface PageHeadingFocus {
  /** How many times the app moved to another page (path) since it was opened; 0 on the first page. */
  moves: number;
  /** The first heading to ask after a move gets the focus; answers whether it is this one. */
  claim: (move: number) => boolean;
}

/** Given by PageHeadingFocusProvider (page-heading-focus-provider.tsx, which needs the router); without it no heading takes the focus. */
export const PageHeadingFocusContext = createContext<PageHeadingFocus | null>(null);

/** For the page's heading (it needs tabIndex={-1}): focuses it when it is the first heading of a move. */
export function usePageHeadingFocus<T extends HTMLElement>() {
  const focus = useContext(PageHeadingFocusContext);
  const ref = useRef<T>(null);
  const moves = focus?.moves ?? 0;
  useEffect(() => {
    // Without scrolling: going Back restores where the page was scrolled (PageChange), and the heading keeps it.
    if (focus && ref.current && focus.claim(moves)) ref.current.focus({ preventScroll: true });
  }, [focus, moves]);
  return ref;
}
