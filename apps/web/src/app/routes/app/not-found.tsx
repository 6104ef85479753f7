import { Button } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusPanel } from '../../../components/ui/status-panel';

export default function NotFoundRoute() {
  return (
    <>
      <title>Page not found · RescueDesk</title>
      <StatusPanel
        icon={<IconMapSearch size={28} />}
        title="Page not found"
        action={
          <Button component={Link} to="/dashboard" variant="light">
            Go to the dashboard
          </Button>
        }
      >
        There is no page at this address. Check the link, or start again from the dashboard.
      </StatusPanel>
    </>
  );
}
