import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, Navigate, useLocation } from 'react-router';
import { can, menuFor, type Permission } from '@rescuedesk/shared';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useT } from '../../../lib/i18n/use-t';
import { HOME_PATH } from '../../../lib/return-path';
import { useSignedInUser } from './signed-in-user';

/** Shows the page only to roles that hold its permission; the server enforces the same table. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const t = useT();
  const me = useSignedInUser();
  const { pathname } = useLocation();
  if (can(me.role, permission)) return children;
  // A role without the dashboard (a committee member) starts at its first menu entry instead.
  const first = menuFor(me.role)[0];
  if (pathname === HOME_PATH && first) return <Navigate to={first.path} replace />;
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
