import { Suspense } from 'react';
import { Button, Container } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useLingui } from '@lingui/react';
import { IconCloudOff } from '@tabler/icons-react';
import type { Me } from '@rescuedesk/shared';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ShellLayout } from '../../../components/layout/shell-layout';
import { useLogoutGuard } from '../../../components/offline/logout-guard';
import { OfflineNotice } from '../../../components/offline/offline-notice';
import { ConflictNotices, UnsyncedCases, useOutboxSync } from '../../../features/cases/offline/outbox-sync';
import { PageLoader } from '../../../components/ui/page-loader';
import { StatusPanel } from '../../../components/ui/status-panel';
import { UnsavedChangesProvider } from '../../../components/unsaved-changes/unsaved-changes-provider';
import { useConfirmLeave } from '../../../components/unsaved-changes/use-unsaved-changes';
import { useMe } from '../../../features/auth/api/get-me';
import { useWarmDirectoryChoices } from '../../../features/cases/api/get-directory-choices';
import { useWarmStock } from '../../../features/stock/api/get-stock';
import { useLogout } from '../../../features/auth/api/logout';
import { LanguageMenu } from '../../../features/auth/components/language-menu';
import { LanguageSwitch } from '../../../features/auth/components/language-switch';
import { TwoFactorGate } from '../../../features/auth/components/two-factor-gate';
import { useAccountLanguage } from '../../../features/auth/hooks/use-account-language';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';
import { signInPath } from '../../../lib/return-path';

/**
 * The signed-in area: nothing of it renders until the server has confirmed the session, and the
 * first screen waits for the language stored with the account.
 */
export function AppRoot() {
  const t = useT();
  const me = useMe();
  const location = useLocation();
  const languageReady = useAccountLanguage(me.data?.language);

  // No network, and nothing of a signed-in user kept on this device (docs/decisions/012): sign in first.
  if (me.data === undefined && me.error instanceof ApiError && me.error.status === 0 && !navigator.onLine) return <Navigate to="/" replace />;
  // Signed out: sign in first, then on to the page asked for.
  if (me.data === null || (me.error instanceof ApiError && me.error.status === 401)) return <Navigate to={signInPath(location)} replace />;
  if (me.data) {
    if (!languageReady) return <PageLoader fullScreen />;
    return (
      <UnsavedChangesProvider>
        <SignedInShell me={me.data} />
      </UnsavedChangesProvider>
    );
  }
  if (me.isPending) return <PageLoader fullScreen />;
  return (
    <Container size="xs" py="xl" component="main">
      <StatusPanel
        icon={<IconCloudOff size={28} />}
        title={t('common.serviceUnavailable')}
        color="red"
        action={
          <Button onClick={() => void me.refetch()} loading={me.isFetching}>
            {t('common.tryAgain')}
          </Button>
        }
      >
        {t('common.backShortly')}
      </StatusPanel>
    </Container>
  );
}

/** The shell around every signed-in page; logging out with unsaved edits asks first. */
function SignedInShell({ me }: { me: Me }) {
  const navigate = useNavigate();
  const confirmLeave = useConfirmLeave();
  const logout = useLogout({ onSignedOut: () => void navigate('/', { replace: true }) });
  // The outbox of this user's changes made offline: sent from here, for every page (docs/decisions/012).
  useOutboxSync(me.id);
  // The case pickers' lists (vets, staff, reporters) asked once here, so they are on the device offline.
  useWarmDirectoryChoices(me.ngoId);
  useWarmStock(me.ngoId);
  // Signing out with changes not sent yet warns first, and offers to send them.
  const guard = useLogoutGuard(() => confirmLeave(() => logout.mutate()));
  // The date pickers' month and day names follow the language (Hindi's come with its catalogue).
  const { i18n } = useLingui();

  return (
    <DatesProvider settings={{ locale: i18n.locale }}>
      <ShellLayout
        me={me}
        onLogout={guard.onLogout}
        loggingOut={logout.isPending}
        languageMenu={<LanguageMenu />}
        languageSwitch={<LanguageSwitch saveToAccount fullWidth />}
      >
        {/* Above every page: when it shows data kept on the device, and since when (docs/decisions/012). */}
        <OfflineNotice />
        <ConflictNotices />
        <UnsyncedCases />
        {guard.dialog}
        {/* Asks whoever must use two-factor sign-in to set it up; past the due date only the set-up shows. */}
        <TwoFactorGate>
          <Suspense fallback={<PageLoader />}>
            <Outlet context={me} />
          </Suspense>
        </TwoFactorGate>
      </ShellLayout>
    </DatesProvider>
  );
}
