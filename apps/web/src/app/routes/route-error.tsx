import { Button, Container } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { StatusPanel } from '../../components/ui/status-panel';

/** Last resort for a render fault or a page chunk that failed to load (for example after a deploy). */
export function RouteError() {
  return (
    <Container size="xs" py="xl">
      <StatusPanel
        icon={<IconAlertTriangle size={28} />}
        title="Something went wrong"
        color="red"
        action={<Button onClick={() => window.location.reload()}>Reload the page</Button>}
      >
        The page could not be shown. Reloading usually helps.
      </StatusPanel>
    </Container>
  );
}
