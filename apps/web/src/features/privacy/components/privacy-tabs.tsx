import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { can, type MessageKey, type Permission, type Role } from '@rescuedesk/shared';
import { useT } from '../../../lib/i18n/use-t';

const TABS: ReadonlyArray<{ path: string; labelKey: MessageKey; permission: Permission }> = [
  { path: '/privacy/access-log', labelKey: 'privacy.nav.accessLog', permission: 'privacy.log' },
  { path: '/privacy/retention', labelKey: 'privacy.retention.tab', permission: 'privacy.manage' },
  { path: '/privacy/requests', labelKey: 'privacy.requests.tab', permission: 'privacy.manage' },
  { path: '/privacy/breaches', labelKey: 'privacy.breach.tab', permission: 'privacy.manage' },
];

/** The privacy area's pages as tabs (docs/privacy.md), each shown to the roles that may open it. */
export function PrivacyTabs({ role }: { role: Role | undefined }) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = TABS.filter((tab) => role && can(role, tab.permission));
  if (tabs.length < 2) return null;
  return (
    <Tabs value={pathname} onChange={(path) => path && void navigate(path)}>
      <Tabs.List aria-label={t('privacy.tabs.label')}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.path} value={tab.path}>
            {t(tab.labelKey)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
