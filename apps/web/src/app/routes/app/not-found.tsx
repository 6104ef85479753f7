import { Button } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useT } from '../../../lib/i18n/use-t';

export default function NotFoundRoute() {
  const t = useT();
  const title = t('status.notFound.title');
  return (
    <>
      <title>{t('common.documentTitle', { page: title })}</title>
      <StatusPanel
        icon={<IconMapSearch size={28} />}
        title={title}
        action={
          <Button component={Link} to="/dashboard" variant="light">
            {t('common.goToDashboard')}
          </Button>
        }
      >
        {t('status.notFound.message')}
      </StatusPanel>
    </>
  );
}
