/**
 * Where sign-in goes afterwards. A signed-out visit to a page of the app (a deep link such as
 * /vet/addvet?id=3) goes to the sign-in page with that page in `?next=`, and signing in opens it
 * instead of the dashboard. Only a path of this app is followed: anything that would leave it
 * (another site, `//host`, `/\host`, `javascript:`) or lead back to sign-in opens the dashboard.
 */
export const HOME_PATH = '/dashboard';

const NEXT_PARAM = 'next';

/** The sign-in page's address that returns to `location` after signing in. */
export function signInPath({ pathname, search, hash }: { pathname: string; search: string; hash: string }): string {
  const target = `${pathname}${search}${hash}`;
  if (pathname === '/' || target === HOME_PATH) return '/';
  return `/?${new URLSearchParams({ [NEXT_PARAM]: target }).toString()}`;
}

/** The page to open after signing in, from the sign-in page's query string. */
export function returnPath(search: string, origin = window.location.origin): string {
  const next = new URLSearchParams(search).get(NEXT_PARAM);
  // A path of this app starts with one slash; a second slash or a backslash would name another host.
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return HOME_PATH;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== origin || url.pathname === '/' || url.pathname.startsWith('/api/')) return HOME_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}
