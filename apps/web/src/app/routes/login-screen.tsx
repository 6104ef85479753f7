import { Alert, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SessionEndReason } from '@rescuedesk/shared';
import { usePageHeadingFocus } from '../../components/ui/page-heading-focus';
import { Logo } from '../../components/ui/logo';
import { LanguageSwitch } from '../../features/auth/components/language-switch';
import { LoginForm } from '../../features/auth/components/login-form';
import { useT } from '../../lib/i18n/use-t';

/**
 * The sign-in page itself, without the router or the session: the app opens it on its own at '/'
 * before the router and the signed-in area have loaded (standalone-sign-in.tsx;
 * docs/performance/2026-11-23.md, "Web"), and the router shows it at '/' after signing out
 * (login.tsx). `onSignedIn` opens the next page. `sessionEnded`: why someone else signed the user
 * out (a role or password change), said above the form.
 */
export function LoginScreen({ onSignedIn, sessionEnded = null }: { onSignedIn: () => void; sessionEnded?: SessionEndReason | null }) {
  const t = useT();
  const headingRef = usePageHeadingFocus<HTMLHeadingElement>();

  return (
    <Center
      mih="100dvh"
      px="sm"
      py="xl"
      bg="light-dark(var(--mantine-color-teal-0), var(--mantine-color-dark-8))"
    >
      <title>{t('common.documentTitle', { page: t('auth.login.title') })}</title>
      <Box w="100%" maw={400}>
        <Box component="main">
          <Group justify="flex-end" mb="sm">
            <LanguageSwitch />
          </Group>
          <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
            <Stack align="center" gap={4} mb="lg">
              <Logo size={56} />
              <Title ref={headingRef} order={1} size="h2" mt="xs" tabIndex={-1} data-focus-target>
                {t('common.appName')}
              </Title>
              <Text c="dimmed" size="sm" ta="center">
                {t('auth.login.tagline')}
              </Text>
            </Stack>
            {sessionEnded && (
              <Alert role="status" color="yellow" variant="light" mb="md">
                {t(`auth.sessionEnded.${sessionEnded}`)}
              </Alert>
            )}
            <LoginForm onSignedIn={onSignedIn} />
          </Paper>
        </Box>
        <Text component="footer" size="xs" c="dimmed" ta="center" mt="md">
          {t('common.copyright')}
        </Text>
      </Box>
    </Center>
  );
}
