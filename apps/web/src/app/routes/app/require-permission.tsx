import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { can, type Permission } from '@rescuedesk/shared';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useT } from '../../../lib/i18n/use-t';
import { useSignedInUser } from './signed-in-user';

/** Shows the page only to roles that hold its permission; the server enforces the same table. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const t = useT();
  const me = useSignedInUser();
  if (can(me.role, permission)) return children;
  const title = t('status.accessDenied.title');
  return (
    <>
      <title>{t('common.documentTitle', { page: title })}</title>
      <StatusPanel
        icon={<IconLock size={28} />}
        title={title}
        color="red"
        action={
          <Button component={Link} to="/dashboard" variant="light">
            {t('common.goToDashboard')}
          </Button>
        }
      >
        {t('status.accessDenied.message')}
      </StatusPanel>
    </>
  );
}
