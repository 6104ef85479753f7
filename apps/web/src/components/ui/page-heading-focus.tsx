import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface PageHeadingFocus {
  /** How many times the app moved to another page (path) since it was opened; 0 on the first page. */
  moves: number;
  /** The first heading to ask after a move gets the focus; answers whether it is this one. */
  claim: (move: number) => boolean;
}

const PageHeadingFocusContext = createContext<PageHeadingFocus | null>(null);

/**
 * After a move to another page, the focus would stay on the link that was pressed (now gone) and
 * fall to the document body; screen readers would not say where the user landed. So the new page's
 * heading takes the focus, once per move, whenever it appears (a page may show it only once its
 * code or data has loaded). The page the app opens on keeps the browser's focus: nothing is stolen
 * on the first load, of the login page or any other. Another record on the same page (?id=) is not
 * a move.
 */
export function PageHeadingFocusProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [current, setCurrent] = useState({ pathname, moves: 0 });
  if (current.pathname !== pathname) setCurrent({ pathname, moves: current.moves + 1 });

  const claimed = useRef(0);
  const value = useMemo<PageHeadingFocus>(
    () => ({
      moves: current.moves,
      claim: (move) => {
        if (move === 0 || claimed.current >= move) return false;
        claimed.current = move;
        return true;
      },
    }),
    [current.moves],
  );
  return <PageHeadingFocusContext value={value}>{children}</PageHeadingFocusContext>;
}

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
