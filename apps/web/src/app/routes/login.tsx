import { useEffect } from 'react';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader';
import { Logo } from '../../components/ui/logo';
import { ME_QUERY_KEY, useMe } from '../../features/auth/api/get-me';
import { LoginForm } from '../../features/auth/components/login-form';
import { preloadSignedInPage } from '../page-modules';

export default function LoginRoute() {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedOut = me.isError;

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
      <title>Sign in · RescueDesk</title>
      <Box w="100%" maw={400}>
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }} component="main">
          <Stack align="center" gap={4} mb="lg">
            <Logo size={56} />
            <Title order={1} size="h2" mt="xs">
              RescueDesk
            </Title>
            <Text c="dimmed" size="sm">
              Sign in to manage your rescue cases
            </Text>
          </Stack>
          <LoginForm onSignedIn={openDashboard} />
        </Paper>
        <Text component="footer" size="xs" c="dimmed" ta="center" mt="md">
          © 2026 RescueDesk
        </Text>
      </Box>
    </Center>
  );
}
