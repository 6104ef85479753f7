import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageHeadingFocusContext, type PageHeadingFocus } from './page-heading-focus';

/**
 * After a move to another page, the focus would stay on the link that was pressed (now gone) and
 * fall to the document body; screen readers would not say where the user landed. So the new page's
 * heading takes the focus, once per move, whenever it appears (a page may show it only once its
 * code or data has loaded). The page the app opens on keeps the browser's focus: nothing is stolen
 * on the first load, of the login page or any other. Another record on the same page (?id=) is not
 * a move. `openedByMove`: the first page shown was itself reached by a move made before this
 * provider existed (signing in on the sign-in page that opens without the router, main.tsx).
 */
export function PageHeadingFocusProvider({ children, openedByMove = false }: { children: ReactNode; openedByMove?: boolean }) {
  const { pathname } = useLocation();
  const [current, setCurrent] = useState({ pathname, moves: openedByMove ? 1 : 0 });
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

