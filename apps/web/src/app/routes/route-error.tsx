import { Button, Container } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { StatusPanel } from '../../components/ui/status-panel';
import { useT } from '../../lib/i18n/use-t';

/** Last resort for a render fault or a page chunk that failed to load (for example after a deploy). */
export function RouteError() {
  const t = useT();
  return (
    <Container size="xs" py="xl" component="main">
      <StatusPanel
        icon={<IconAlertTriangle size={28} />}
        title={t('status.routeError.title')}
        color="red"
        action={<Button onClick={() => window.location.reload()}>{t('status.routeError.reload')}</Button>}
      >
        {t('status.routeError.message')}
      </StatusPanel>
    </Container>
  );
}
