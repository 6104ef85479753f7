import { Suspense } from 'react';
import { Button, Container } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import type { Me } from '@rescuedesk/shared';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { ShellLayout } from '../../../components/layout/shell-layout';
import { PageLoader } from '../../../components/ui/page-loader';
import { StatusPanel } from '../../../components/ui/status-panel';
import { UnsavedChangesProvider } from '../../../components/unsaved-changes/unsaved-changes-provider';
import { useConfirmLeave } from '../../../components/unsaved-changes/use-unsaved-changes';
import { useMe } from '../../../features/auth/api/get-me';
import { useLogout } from '../../../features/auth/api/logout';
import { ApiError } from '../../../lib/api-client';

/** The signed-in area: nothing of it renders until the server has confirmed the session. */
export function AppRoot() {
  const me = useMe();

  if (me.error instanceof ApiError && me.error.status === 401) return <Navigate to="/" replace />;
  if (me.data) {
    return (
      <UnsavedChangesProvider>
        <SignedInShell me={me.data} />
      </UnsavedChangesProvider>
    );
  }
  if (me.isPending) return <PageLoader fullScreen />;
  return (
    <Container size="xs" py="xl">
      <StatusPanel
        icon={<IconCloudOff size={28} />}
        title="Service unavailable."
        color="red"
        action={
          <Button onClick={() => void me.refetch()} loading={me.isFetching}>
            Try again
          </Button>
        }
      >
        We will be back up shortly.
      </StatusPanel>
    </Container>
  );
}

/** The shell around every signed-in page; logging out with unsaved edits asks first. */
function SignedInShell({ me }: { me: Me }) {
  const navigate = useNavigate();
  const confirmLeave = useConfirmLeave();
  const logout = useLogout({ onSignedOut: () => void navigate('/', { replace: true }) });

  return (
    <ShellLayout me={me} onLogout={() => confirmLeave(() => logout.mutate())} loggingOut={logout.isPending}>
      <Suspense fallback={<PageLoader />}>
        <Outlet context={me} />
      </Suspense>
    </ShellLayout>
  );
}
