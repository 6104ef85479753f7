import { useEffect, useRef } from 'react';
import { ScrollRestoration, useLocation } from 'react-router';
import { clearPageNotifications } from '../../lib/notify';

/** Where this tab keeps the scroll positions of the pages it has shown (sessionStorage). */
const SCROLL_POSITIONS_KEY = 'rescuedesk.scrollPositions';

/**
 * A page opened afresh (the app started, reloaded, or an address typed) opens at the top: the
 * positions kept are for Back and Forward within the app. Called once, before the router draws.
 *
 * Kept from the document before, they would be restored only once the first screen has been drawn,
 * as a second render: with the CPU busy, up to a second later, pulling a list the user has begun to
 * scroll back to where the last document was. And every page opened afresh shares one key
 * ("default"), so a page would take the position of another one.
 */
export function forgetEarlierScrollPositions(): void {
  try {
    window.sessionStorage.removeItem(SCROLL_POSITIONS_KEY);
  } catch {
    // Storage blocked by the browser's settings: nothing was kept there either.
  }
}

/**
 * What happens when the user moves to another page (issue 15): the new page opens at the top, and
 * going Back returns to where the page was scrolled (React Router's ScrollRestoration; a change of
 * the query alone that should keep the position says so with preventScrollReset). The toasts of the
 * page left behind are cleared, so an old error does not hang over the next page.
 */
export function PageChange() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    clearPageNotifications();
  }, [pathname]);
  return <ScrollRestoration storageKey={SCROLL_POSITIONS_KEY} />;
}
