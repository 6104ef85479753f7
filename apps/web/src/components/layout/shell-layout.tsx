import type { MouseEvent, ReactNode } from 'react';
import { AppShell, Box, Burger, Button, Drawer, Group, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import type { Me } from '@rescuedesk/shared';
import { useDrawnOnceOpened } from '../../hooks/use-drawn-once-opened';
import { useMediaMatch } from '../../hooks/use-media-match';
import { useNarrowScreen } from '../../hooks/use-narrow-screen';
import { useT } from '../../lib/i18n/use-t';
import { NetworkStatus } from '../offline/network-status';
import { OutboxStatus } from '../offline/outbox-status';
import { Brand } from './brand';
import { ColourModeControl } from './colour-mode-control';
import { Sidebar } from './sidebar';
import classes from './shell-layout.module.css';

const HEADER_HEIGHT = 56;
const COMPACT_BAR_QUERY = '(max-width: 63.99em)';
const MAIN_ID = 'main-content';

interface ShellLayoutProps {
  me: Me;
  onLogout: () => void;
  loggingOut: boolean;
  /**
   * The language choice (it saves to the account, which the shell knows nothing of): a menu in the
   * top bar on wide screens; on a phone, where the top bar has no room for it, a switch in the drawer.
   */
  languageMenu?: ReactNode;
  languageSwitch?: ReactNode;
  children: ReactNode;
}

/** Keyboard users skip the top bar and the menu: the link moves the focus into the page itself. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

/** Sidebar, top bar and footer around every signed-in page. */
export function ShellLayout({ me, onLogout, loggingOut, languageMenu, languageSwitch, children }: ShellLayoutProps) {
  const t = useT();
  // On a narrow screen the sidebar becomes a drawer.
  const narrow = useNarrowScreen();
  // Below 64em the sidebar leaves the top bar too little room for words (Hindi above all): its
  // statuses are icons, as on a phone, whose names screen readers say.
  const compactBar = useMediaMatch(COMPACT_BAR_QUERY);
  const [drawerOpened, drawer] = useDisclosure(false);
  const drawerShown = useDrawnOnceOpened(drawerOpened);

  return (
    <AppShell
      layout="alt"
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: { base: 232, sm: 264 }, breakpoint: 'xs', collapsed: { mobile: true } }}
      padding={{ base: 'sm', xs: 'lg' }}
    >
      <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={skipToContent}>
        {t('shell.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', xs: 'lg' }} justify="space-between" wrap="nowrap">
          <Group gap={4} wrap="nowrap" miw={0} style={{ flex: 1 }}>
            {narrow ? (
              <>
                <Burger
                  className={classes.burger}
                  opened={drawerOpened}
                  onClick={drawer.open}
                  size="sm"
                  aria-label={t('shell.openMenu')}
                  aria-expanded={drawerOpened}
                />
                <Brand />
              </>
            ) : null}
          </Group>
          <Group gap={narrow ? 6 : 'xs'} wrap="nowrap" style={{ flexShrink: 0 }}>
            {/* In the compact bar the outbox's icon also says Online / Offline. */}
            {compactBar ? null : <NetworkStatus />}
            <OutboxStatus compact={compactBar} />
            {narrow ? null : languageMenu}
            <ColourModeControl className={classes.touchTarget} />
            <Button
              variant="default"
              className={classes.touchTarget}
              px={compactBar ? 'sm' : undefined}
              leftSection={compactBar ? undefined : <IconLogout size={16} stroke={1.6} />}
              onClick={onLogout}
              loading={loggingOut}
            >
              {t('shell.logout')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      {narrow ? (
        drawerShown.drawn ? (
          <Drawer
            opened={drawerShown.opened}
            onClose={drawer.close}
            size={288}
            padding={0}
            title={<Brand />}
            closeButtonProps={{ 'aria-label': t('shell.closeMenu'), size: 'lg' }}
            styles={{ header: { paddingInline: 'var(--mantine-spacing-md)', minHeight: HEADER_HEIGHT } }}
          >
            <Box component="nav" aria-label={t('shell.mainMenu')}>
              <Sidebar me={me} onNavigate={drawer.close} />
            </Box>
            {languageSwitch ? (
              <Box px="md" pb="md">
                <Text size="sm" fw={500} mb={6}>
                  {t('common.language')}
                </Text>
                {languageSwitch}
              </Box>
            ) : null}
          </Drawer>
        ) : null
      ) : (
        <AppShell.Navbar aria-label={t('shell.mainMenu')}>
          <div className={classes.brand}>
            <Brand />
          </div>
          <ScrollArea>
            <Sidebar me={me} />
          </ScrollArea>
        </AppShell.Navbar>
      )}

      <AppShell.Main id={MAIN_ID} tabIndex={-1} data-focus-target display="flex" style={{ flexDirection: 'column' }}>
        <Box flex={1}>{children}</Box>
        <Text component="footer" size="xs" c="dimmed" ta="center" pt="xl">
          {t('common.copyright')}
        </Text>
      </AppShell.Main>
    </AppShell>
  );
}
