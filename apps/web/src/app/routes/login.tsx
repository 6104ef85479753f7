import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { isSessionEndReason, type SessionEndReason } from '@rescuedesk/shared';
import { PageLoader } from '../../components/ui/page-loader';
import { ME_QUERY_KEY, useMe } from '../../features/auth/api/get-me';
import { returnPath } from '../../lib/return-path';
import { preloadSignedInPage } from '../page-modules';
import { LoginScreen } from './login-screen';
import { useSessionEndTold } from './use-session-end-told';

/** The sign-in page inside the router: after signing out, or a signed-out visit to a page of the app. */
export default function LoginRoute() {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // After signing in: the page a signed-out visit asked for (?next=), or the dashboard.
  const { search, state } = useLocation();
  const target = returnPath(search);
  // Why someone else ended the session (router.tsx), shown once: the history entry forgets it, so a
  // reload or a later visit does not say it again.
  const arrived = sessionEndReasonOf(state);
  const [sessionEnded, setSessionEnded] = useState(arrived);
  if (arrived && arrived !== sessionEnded) setSessionEnded(arrived);
  useEffect(() => {
    if (arrived) void navigate({ search }, { replace: true, state: null });
  }, [arrived, navigate, search]);
  // No session (the server answers null), or the server could not say: the form is shown either way.
  const signedOut = me.data === null || me.isError;
  // Or ended while the app was closed: a request as it opened was told why (api-client toldSessionEnd).
  const told = useSessionEndTold();

  // While the user types, the next page's code comes down, so signing in opens it without a wait.
  const targetPath = target.split(/[?#]/)[0] ?? target;
  useEffect(() => {
    if (signedOut) preloadSignedInPage(targetPath);
  }, [signedOut, targetPath]);

  if (me.isPending) return <PageLoader fullScreen />;
  if (me.data) return <Navigate to={target} replace />;

  const openNextPage = () => {
    // The cached answer still says "signed out"; the shell must ask again.
    queryClient.removeQueries({ queryKey: ME_QUERY_KEY });
    void navigate(target, { replace: true });
  };

  return <LoginScreen onSignedIn={openNextPage} sessionEnded={sessionEnded ?? told} />;
}

function sessionEndReasonOf(state: unknown): SessionEndReason | null {
  const reason: unknown = (state as { sessionEnded?: unknown } | null)?.sessionEnded;
  return isSessionEndReason(reason) ? reason : null;
}
