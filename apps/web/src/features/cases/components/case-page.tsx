import { useEffect, useRef } from 'react';
import { Anchor, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileUnknown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { StatusPanel } from '../../../components/ui/status-panel';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';
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
  const t = useT();
  return (
    <Button component={Link} to="/dashboard" variant="light">
      {t('cases.page.backToDashboard')}
    </Button>
  );
}

/**
 * The page's heading (and the browser tab's title), as PageTitle renders it, but focusable: on
 * arrival the focus moves here, so a keyboard or screen-reader user starts at the top of the case
 * instead of on the page body.
 */
function CaseHeading({ children }: { children: string }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <>
      <title>{`${children} · ${t('common.appName')}`}</title>
      <Title order={1} size="h2" mb="md" tabIndex={-1} ref={heading}>
        {children}
      </Title>
    </>
  );
}

/** The case page: the top card and the five steps of one case, named by the id in the URL. */
export function CasePage({ caseId, isNew, step, onStepChange, onExit }: CasePageProps) {
  const t = useT();
  const title = isNew ? t('cases.page.addTitle') : t('cases.page.editTitle');
  return (
    <>
      <Breadcrumbs mb="xs" separatorMargin={6}>
        <Anchor component={Link} to="/dashboard" size="sm">
          {t('nav.dashboard')}
        </Anchor>
        <Text size="sm" c="dimmed" aria-current="page">
          {title}
        </Text>
      </Breadcrumbs>
      <CaseHeading>{title}</CaseHeading>
      {caseId === null ? (
        <StatusPanel icon={<IconFileUnknown size={28} />} action={<BackToDashboard />}>
          {t('cases.page.noCase')}
        </StatusPanel>
      ) : (
        <LoadedCase key={caseId} caseId={caseId} step={step} onStepChange={onStepChange} onExit={onExit} />
      )}
    </>
  );
}

function LoadedCase({ caseId, step, onStepChange, onExit }: Omit<CasePageProps, 'caseId' | 'isNew'> & { caseId: number }) {
  const t = useT();
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
            {record.createdBy ? t('cases.page.createdBy', { id: record.id, name: record.createdBy }) : t('cases.common.caseNumber', { id: record.id })}
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
        {t('cases.page.notFound')}
      </StatusPanel>
    );
  }
  return (
    <StatusPanel
      icon={<IconAlertTriangle size={28} />}
      color="red"
      action={
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('cases.common.tryAgain')}
        </Button>
      }
    >
      {query.error instanceof Error ? query.error.message : t('cases.page.loadFailed')}
    </StatusPanel>
  );
}
