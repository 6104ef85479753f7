import type { ReactNode } from 'react';
import { AppShell, Box, Burger, Button, Drawer, Group, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import type { Me } from '@rescuedesk/shared';
import { useNarrowScreen } from '../../hooks/use-narrow-screen';
import { Brand } from './brand';
import { ColourModeControl } from './colour-mode-control';
import { Sidebar } from './sidebar';
import classes from './shell-layout.module.css';

const HEADER_HEIGHT = 56;

interface ShellLayoutProps {
  me: Me;
  onLogout: () => void;
  loggingOut: boolean;
  children: ReactNode;
}

/** Sidebar, top bar and footer around every signed-in page. */
export function ShellLayout({ me, onLogout, loggingOut, children }: ShellLayoutProps) {
  // On a narrow screen the sidebar becomes a drawer.
  const narrow = useNarrowScreen();
  const [drawerOpened, drawer] = useDisclosure(false);

  return (
    <AppShell
      layout="alt"
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: { base: 232, sm: 264 }, breakpoint: 'xs', collapsed: { mobile: true } }}
      padding={{ base: 'sm', xs: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', xs: 'lg' }} justify="space-between" wrap="nowrap">
          <Group gap={4} wrap="nowrap">
            {narrow ? (
              <>
                <Burger opened={drawerOpened} onClick={drawer.open} size="sm" aria-label="Open menu" aria-expanded={drawerOpened} />
                <Brand />
              </>
            ) : null}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ColourModeControl />
            <Button
              variant="default"
              px={narrow ? 'sm' : undefined}
              leftSection={narrow ? undefined : <IconLogout size={16} stroke={1.6} />}
              onClick={onLogout}
              loading={loggingOut}
            >
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      {narrow ? (
        <Drawer
          opened={drawerOpened}
          onClose={drawer.close}
          size={288}
          padding={0}
          title={<Brand />}
          closeButtonProps={{ 'aria-label': 'Close menu' }}
          styles={{ header: { paddingInline: 'var(--mantine-spacing-md)', minHeight: HEADER_HEIGHT } }}
        >
          <Box component="nav" aria-label="Main menu">
            <Sidebar me={me} onNavigate={drawer.close} />
          </Box>
        </Drawer>
      ) : (
        <AppShell.Navbar aria-label="Main menu">
          <div className={classes.brand}>
            <Brand />
          </div>
          <ScrollArea>
            <Sidebar me={me} />
          </ScrollArea>
        </AppShell.Navbar>
      )}

      <AppShell.Main display="flex" style={{ flexDirection: 'column' }}>
        <Box flex={1}>{children}</Box>
        <Text component="footer" size="xs" c="dimmed" ta="center" pt="xl">
          © 2026 RescueDesk
        </Text>
      </AppShell.Main>
    </AppShell>
  );
}
