import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { can, type Permission } from '@rescuedesk/shared';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useSignedInUser } from './signed-in-user';

/** Shows the page only to roles that hold its permission; the server enforces the same table. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const me = useSignedInUser();
  if (can(me.role, permission)) return children;
  return (
    <>
      <title>Access denied · RescueDesk</title>
      <StatusPanel
        icon={<IconLock size={28} />}
        title="Access denied"
        color="red"
        action={
          <Button component={Link} to="/dashboard" variant="light">
            Go to the dashboard
          </Button>
        }
      >
        You do not have permission to open this page.
      </StatusPanel>
    </>
  );
}
