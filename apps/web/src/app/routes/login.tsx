import { useEffect } from 'react';
import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { usePageHeadingFocus } from '../../components/ui/page-heading-focus';
import { PageLoader } from '../../components/ui/page-loader';
import { Logo } from '../../components/ui/logo';
import { ME_QUERY_KEY, useMe } from '../../features/auth/api/get-me';
import { LanguageSwitch } from '../../features/auth/components/language-switch';
import { LoginForm } from '../../features/auth/components/login-form';
import { useT } from '../../lib/i18n/use-t';
import { preloadSignedInPage } from '../page-modules';

export default function LoginRoute() {
  const t = useT();
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const headingRef = usePageHeadingFocus<HTMLHeadingElement>();
  // No session (the server answers null), or the server could not say: the form is shown either way.
  const signedOut = me.data === null || me.isError;

  // While the user types, the dashboard's code comes down, so signing in opens it without a wait.
  useEffect(() => {
    if (signedOut) preloadSignedInPage('/dashboard');
  }, [signedOut]);

  if (me.isPending) return <PageLoader fullScreen />;
  if (me.data) return <Navigate to="/dashboard" replace />;

  const openDashboard = () => {
    // The cached answer still says "signed out"; the shell must ask again.
    queryClient.removeQueries({ queryKey: ME_QUERY_KEY });
    void navigate('/dashboard', { replace: true });
  };

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
            <LoginForm onSignedIn={openDashboard} />
          </Paper>
        </Box>
        <Text component="footer" size="xs" c="dimmed" ta="center" mt="md">
          {t('common.copyright')}
        </Text>
      </Box>
    </Center>
  );
}
