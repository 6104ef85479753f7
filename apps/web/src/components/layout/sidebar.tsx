import { Avatar, Box, Group, NavLink, Stack, Text } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconChartBar,
  IconHeartHandshake,
  IconLayoutDashboard,
  IconRoute,
  IconMapPin,
  IconSettings,
  IconShieldLock,
  IconSpeakerphone,
  IconStethoscope,
  IconUsers,
  IconVaccine,
  type Icon,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { imageUrl, menuFor, optionKey, type Me } from '@rescuedesk/shared';
import classes from './sidebar.module.css';
import { useT } from '../../lib/i18n/use-t';

const MENU_ICONS: Readonly<Record<string, Icon>> = {
  '/dashboard': IconLayoutDashboard,
  '/runs': IconRoute,
  '/report': IconChartBar,
  '/ward': IconMapPin,
  '/stock': IconVaccine,
  '/user': IconUsers,
  '/ngo': IconBuildingCommunity,
  '/reporter': IconSpeakerphone,
  '/vet': IconStethoscope,
  '/sponsor': IconHeartHandshake,
  '/privacy/access-log': IconShieldLock,
  '/settings': IconSettings,
};

function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

interface SidebarProps {
  me: Me;
  /** Called when a menu entry is chosen (closes the drawer on narrow screens). */
  onNavigate?: () => void;
}

/** The signed-in user and the menu their role may use (docs/product.md#roles-and-menu). */
export function Sidebar({ me, onNavigate }: SidebarProps) {
  const t = useT();
  const { pathname } = useLocation();
  const picture = me.profileImage ? imageUrl(me.ngoId, me.profileImage, 192) : null;
  const role = t(optionKey('role', me.role));

  return (
    <Stack gap={0}>
      <Group className={classes.user} gap="sm" wrap="nowrap">
        <Avatar src={picture} name={me.name} color="teal" variant="filled" size={44} radius="xl" alt="" />
        <Box miw={0}>
          <Text fw={600} truncate="end">
            {me.name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {me.ngoName ? t('shell.roleAndNgo', { role, ngo: me.ngoName }) : role}
          </Text>
        </Box>
      </Group>

      <Box className={classes.menu}>
        {menuFor(me.role).map((entry) => {
          const EntryIcon = MENU_ICONS[entry.path] ?? IconLayoutDashboard;
          const active = isActive(pathname, entry.path);
          return (
            <NavLink
              key={entry.path}
              className={classes.link}
              component={Link}
              to={entry.path}
              label={t(entry.labelKey)}
              leftSection={<EntryIcon size={18} stroke={1.6} />}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              variant="light"
            />
          );
        })}
      </Box>
    </Stack>
  );
}
