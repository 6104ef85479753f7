import { useEffect } from 'react';
import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { usePageHeadingFocus } from '../../components/ui/page-heading-focus';
import { PageLoader } from '../../components/ui/page-loader';
import { Logo } from '../../components/ui/logo';
import { ME_QUERY_KEY, useMe } from '../../features/auth/api/get-me';
import { LanguageSwitch } from '../../features/auth/components/language-switch';
import { LoginForm } from '../../features/auth/components/login-form';
import { useT } from '../../lib/i18n/use-t';
import { returnPath } from '../../lib/return-path';
import { preloadSignedInPage } from '../page-modules';

export default function LoginRoute() {
  const t = useT();
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // After signing in: the page a signed-out visit asked for (?next=), or the dashboard.
  const { search } = useLocation();
  const target = returnPath(search);
  const headingRef = usePageHeadingFocus<HTMLHeadingElement>();
  // No session (the server answers null), or the server could not say: the form is shown either way.
  const signedOut = me.data === null || me.isError;

  // While the user types, the next page's code comes down, so signing in opens it without a wait.
  const targetPath = target.split(/[?#]/)[0] ?? target;
  useEffect(() => {
    if (signedOut) preloadSignedInPage(targetPath);
  }, [signedOut, targetPath]);

  if (me.isPending) return <PageLoader fullScreen />;
  if (me.data) return <Navigate to={target} replace />;

  const openNextPage = () => {
    // The cached answer still says "signed out"; the shell must ask again.
    queryClient.removeQueries({ queryKey: ME_QUERY_KEY });
    void navigate(target, { replace: true });
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
            <LoginForm onSignedIn={openNextPage} />
          </Paper>
        </Box>
        <Text component="footer" size="xs" c="dimmed" ta="center" mt="md">
          {t('common.copyright')}
        </Text>
      </Box>
    </Center>
  );
}
