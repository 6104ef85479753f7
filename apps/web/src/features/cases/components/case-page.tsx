import { useEffect } from 'react';
import { Anchor, Breadcrumbs, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileUnknown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { PageTitle } from '../../../components/ui/page-title';
import { StatusPanel } from '../../../components/ui/status-panel';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { useCase } from '../api/get-case';
import { CaseCard } from './case-card';
import { CaseSteps } from './case-steps';

interface CasePageProps {
  /** From the URL; null when the address names no valid case. */
  caseId: number | null;
  /** Opened straight after "Add case": titled 'Add Case'. */
  isNew: boolean;
  /** 0 to 4. */
  step: number;
  onStepChange: (step: number) => void;
  onExit: () => void;
}

function BackToDashboard() {
  return (
    <Button component={Link} to="/dashboard" variant="light">
      Back to the dashboard
    </Button>
  );
}

/** The case page: the top card and the five steps of one case, named by the id in the URL. */
export function CasePage({ caseId, isNew, step, onStepChange, onExit }: CasePageProps) {
  const title = isNew ? 'Add Case' : 'Edit Case';
  return (
    <>
      <Breadcrumbs mb="xs" separatorMargin={6}>
        <Anchor component={Link} to="/dashboard" size="sm">
          Dashboard
        </Anchor>
        <Text size="sm" c="dimmed" aria-current="page">
          {title}
        </Text>
      </Breadcrumbs>
      <PageTitle>{title}</PageTitle>
      {caseId === null ? (
        <StatusPanel icon={<IconFileUnknown size={28} />} action={<BackToDashboard />}>
          This address does not name a case. Open one from the dashboard.
        </StatusPanel>
      ) : (
        <LoadedCase key={caseId} caseId={caseId} step={step} onStepChange={onStepChange} onExit={onExit} />
      )}
    </>
  );
}

function LoadedCase({ caseId, step, onStepChange, onExit }: Omit<CasePageProps, 'caseId' | 'isNew'> & { caseId: number }) {
  const query = useCase(caseId);
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  useEffect(() => {
    if (query.error && !notFound) notifyError(query.error);
  }, [query.error, notFound]);

  if (query.data) {
    const record = query.data;
    return (
      <Stack gap="md">
        <Group gap="xs" c="dimmed">
          <Text size="sm">
            Case #{record.id}
            {record.createdBy ? ` · created by ${record.createdBy}` : ''}
          </Text>
        </Group>
        <CaseCard caseRecord={record} onExit={onExit} />
        <CaseSteps caseRecord={record} step={step} onStepChange={onStepChange} onExit={onExit} />
      </Stack>
    );
  }
  if (query.isPending) return <PageLoader />;
  if (notFound) {
    return (
      <StatusPanel icon={<IconFileUnknown size={28} />} action={<BackToDashboard />}>
        Case not found. It may have been deleted, or it belongs to another NGO.
      </StatusPanel>
    );
  }
  return (
    <StatusPanel
      icon={<IconAlertTriangle size={28} />}
      color="red"
      action={
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      }
    >
      {query.error instanceof Error ? query.error.message : 'The case could not be loaded.'}
    </StatusPanel>
  );
}
