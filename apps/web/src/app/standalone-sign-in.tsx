import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PageLoader } from '../components/ui/page-loader';
import { ME_QUERY_KEY, useMe } from '../features/auth/api/get-me';
import { returnPath } from '../lib/return-path';
import { preloadSignedInPage } from './page-modules';
import { LoginScreen } from './routes/login-screen';
import { useSessionEndTold } from './routes/use-session-end-told';

const STARTS_ON_THE_FORM = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * The sign-in page as the app opens it at '/': on its own, without the router, the shell or any
 * signed-in page (docs/performance/2026-11-23.md, "Web"). Signing in, or a session already there,
 * hands over to the signed-in app at the page asked for (?next=) or the dashboard (main.tsx). That
 * page's code comes down as soon as the user starts on the form (while they type), so signing in
 * opens it without a wait, and the sign-in page's own first paint never competes with it.
 */
export function StandaloneSignIn({ onOpenApp }: { onOpenApp: (path: string, signedInNow: boolean) => void }) {
  const me = useMe();
  const queryClient = useQueryClient();
  const target = returnPath(window.location.search);
  const targetPath = target.split(/[?#]/)[0] ?? target;
  const signedIn = me.data !== undefined && me.data !== null;
  // Why someone else ended the session (an administrator's change), when the server told it.
  const sessionEnded = useSessionEndTold();

  useEffect(() => {
    // A session already there: the page opens as if asked for directly (its heading does not take the focus).
    if (signedIn) onOpenApp(target, false);
  }, [signedIn, onOpenApp, target]);

  useEffect(() => {
    const preload = () => preloadSignedInPage(targetPath);
    for (const event of STARTS_ON_THE_FORM) window.addEventListener(event, preload, { once: true, passive: true });
    return () => {
      for (const event of STARTS_ON_THE_FORM) window.removeEventListener(event, preload);
    };
  }, [targetPath]);

  if (me.isPending || signedIn) return <PageLoader fullScreen />;
  return (
    <LoginScreen
      sessionEnded={sessionEnded}
      onSignedIn={() => {
        // The cached answer still says "signed out"; the shell must ask again.
        queryClient.removeQueries({ queryKey: ME_QUERY_KEY });
        onOpenApp(target, true);
      }}
    />
  );
}
