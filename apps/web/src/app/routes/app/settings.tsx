import { SimpleGrid } from '@mantine/core';
import { PageTitle } from '../../../components/ui/page-title';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form';
import { ProfileForm } from '../../../features/auth/components/profile-form';
import { useSignedInUser } from './signed-in-user';

export default function SettingsRoute() {
  const me = useSignedInUser();
  return (
    <>
      <PageTitle>Settings</PageTitle>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'md', xs: 'lg' }}>
        <ProfileForm me={me} />
        <ChangePasswordForm />
      </SimpleGrid>
    </>
  );
}
