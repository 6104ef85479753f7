import { useEffect, useRef } from 'react';
import { ScrollRestoration, useLocation } from 'react-router';
import { clearPageNotifications } from '../../lib/notify';

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
  return <ScrollRestoration />;
}
