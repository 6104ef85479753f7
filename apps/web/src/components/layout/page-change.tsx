import { useEffect, useLayoutEffect, useRef } from 'react';
import { ScrollRestoration, useLocation, useNavigationType } from 'react-router';
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
  useBackReachesItsPlace();
  return <ScrollRestoration storageKey={SCROLL_POSITIONS_KEY} />;
}

/** How long Back keeps trying to reach the kept position while the page it returned to is drawn. */
const SETTLE_MS = 4000;

/** What says the user has taken over the scrolling: from then on the page stays where they put it. */
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Back (or Forward) returns to where the page was scrolled, even when the page is not yet as tall as
 * it was at the moment React Router restores the position: on a loaded phone the list can still be
 * drawing, and the position, clamped to the shorter page, used to stay there (seen at 1500 px for
 * 2770). The position is tried again each time the page grows, until it is reached, the user scrolls,
 * taps or types, or a few seconds have passed.
 */
function useBackReachesItsPlace(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const current = useRef(location.key);

  useEffect(() => {
    const keep = () => positions.current.set(current.current, window.scrollY);
    window.addEventListener('scroll', keep, { passive: true });
    return () => window.removeEventListener('scroll', keep);
  }, []);

  // A layout effect, after ScrollRestoration's own (a child's layout effects run first), and before
  // the scroll event of its restoring arrives here under the new page's key.
  useLayoutEffect(() => {
    current.current = location.key;
    const target = navigationType === 'POP' ? positions.current.get(location.key) : undefined;
    if (target === undefined || Math.abs(window.scrollY - target) <= 1) return;
    return keepTrying(target);
  }, [location.key, navigationType]);
}

function keepTrying(target: number): () => void {
  const page = document.documentElement;
  const tryAgain = () => {
    window.scrollTo(0, target);
    if (Math.abs(window.scrollY - target) <= 1 || page.scrollHeight - window.innerHeight >= target) stop();
  };
  const growth = new ResizeObserver(tryAgain);
  const timer = window.setTimeout(() => stop(), SETTLE_MS);
  function stop() {
    growth.disconnect();
    window.clearTimeout(timer);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop, true);
  }
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
  growth.observe(document.body);
  return stop;
}
