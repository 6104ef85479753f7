import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../../components/ui/page-title';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form';
import { LanguageSwitch } from '../../../features/auth/components/language-switch';
import { ProfileForm } from '../../../features/auth/components/profile-form';
import { TwoFactorSection } from '../../../features/auth/components/two-factor-section';
import { useT } from '../../../lib/i18n/use-t';
import { useSignedInUser } from './signed-in-user';

export default function SettingsRoute() {
  const t = useT();
  const me = useSignedInUser();
  return (
    <>
      <PageTitle>{t('nav.settings')}</PageTitle>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'md', xs: 'lg' }}>
        <Stack gap="md">
          <ProfileForm me={me} />
          <Paper withBorder radius="md" p={{ base: 'md', xs: 'lg' }}>
            <Title order={2} size="h4" mb={4}>
              {t('common.language')}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {t('auth.settings.language.description')}
            </Text>
            <LanguageSwitch saveToAccount />
          </Paper>
        </Stack>
        <Stack gap="md">
          <ChangePasswordForm />
          <TwoFactorSection />
        </Stack>
      </SimpleGrid>
    </>
  );
}
