import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Anchor, Box, Breadcrumbs, Button, Group, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileUnknown, IconPrinterOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { StatusPanel } from '../../../components/ui/status-panel';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError } from '../../../lib/notify';
import { useCase } from '../api/get-case';
import { usePrefetchCaseStaff } from '../api/get-case-staff';
import { useOutboxReading } from '../offline/use-case-outbox';
import { CaseEditor, type CaseEditorProps } from './case-editor';
import classes from './case-page.module.css';
import { draftCase, type CaseDraft } from './draft-case';

interface CasePageProps extends Pick<CaseEditorProps, 'step' | 'onStepChange' | 'onCreated' | 'onExit'> {
  /** From the URL; null when the address names no stored case. */
  caseId: number | null;
  /** A new case "Add case" chose (nothing stored until the first save); null when the address names none. */
  draft: CaseDraft | null;
  /** Opened from "Add case": titled 'Add Case'. */
  isNew: boolean;
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
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <>
      <title>{`${children} · ${t('common.appName')}`}</title>
      <Title order={1} size="h2" mb="xs" tabIndex={-1} ref={heading}>
        {children}
      </Title>
    </>
  );
}

/**
 * The case page: a stored case named by the id in the URL, or a new case from "Add case", which is
 * stored by its first save (so abandoning it leaves nothing behind).
 */
export function CasePage({ caseId, draft, isNew, ...editor }: CasePageProps) {
  const t = useT();
  const title = isNew ? t('cases.page.addTitle') : t('cases.page.editTitle');
  // The new case this page stored: the same editor goes on with it, keeping what is on screen.
  const [createdHere, setCreatedHere] = useState<number | null>(null);
  const [firstDraft] = useState(draft);
  const newCase = useMemo(() => (firstDraft ? draftCase(firstDraft) : null), [firstDraft]);
  const onCreated = (id: number, step: number) => {
    setCreatedHere(id);
    editor.onCreated(id, step);
  };

  // The heading shows at once; the case is built in a transition after it, in small slices, so a
  // cheap phone paints the page early and stays responsive while the form is put together.
  const framed = useDeferredValue(true, false);

  let body;
  if (!framed) {
    body = <CasePlaceholder />;
  } else if (newCase && (caseId === null || caseId === createdHere)) {
    body = <CaseEditor key="new" caseId={caseId} initial={newCase} {...editor} onCreated={onCreated} />;
  } else if (caseId === null) {
    body = (
      <StatusPanel icon={<IconFileUnknown size={28} />} action={<BackToDashboard />}>
        {t('cases.page.noCase')}
      </StatusPanel>
    );
  } else {
    body = <LoadedCase key={caseId} caseId={caseId} {...editor} />;
  }

  return (
    <div className={classes.page}>
      <Breadcrumbs mb="xs" separatorMargin={6}>
        <Anchor component={Link} to="/dashboard" size="sm" className={classes.crumb}>
          {t('nav.dashboard')}
        </Anchor>
        <Text size="sm" c="dimmed" aria-current="page">
          {title}
        </Text>
      </Breadcrumbs>
      <CaseHeading>{title}</CaseHeading>
      <PrintLink caseId={caseId} />
      {body}
    </div>
  );
}

/**
 * The case on one or two A4 pages (docs/reports.md#printable-case-sheet). A case created offline has
 * only a temporary number until the server has it, and a sheet prints what the server holds
 * (docs/product.md#printing-offline): it says so instead, and the link comes by itself once the
 * case is sent (the address then names the server's number).
 */
function PrintLink({ caseId }: { caseId: number | null }) {
  const t = useT();
  if (caseId === null) return null;
  if (caseId < 0) {
    return (
      <Group gap={6} mb="xs" wrap="nowrap" c="dimmed">
        <IconPrinterOff size={16} aria-hidden style={{ flex: 'none' }} />
        <Text size="sm" c="dimmed">
          {t('reports.caseSheet.printAfterSync')}
        </Text>
      </Group>
    );
  }
  return (
    <Anchor component={Link} to={`/dashboard/case/print?id=${caseId}`} size="sm" display="inline-block" mb="xs" className={classes.crumb}>
      {t('reports.caseSheet.print')}
    </Anchor>
  );
}

/** While the case is on its way: as tall as the page to come, so nothing below it (the footer) jumps when it arrives. */
function CasePlaceholder() {
  return (
    <Box mih="70vh">
      <PageLoader />
    </Box>
  );
}

function LoadedCase({ caseId, ...editor }: Omit<CaseEditorProps, 'caseId' | 'initial'> & { caseId: number }) {
  const t = useT();
  const query = useCase(caseId);
  // The squad's names, for reading the case offline at any step (its timeline, its sheet).
  usePrefetchCaseStaff(caseId);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  // The case is shown with its waiting changes laid over it, and its forms are filled once: not
  // before those changes have been read from the device (a reload shows the kept copy at once).
  const reading = useOutboxReading();

  useEffect(() => {
    if (query.error && !notFound) notifyError(query.error);
  }, [query.error, notFound]);

  if (reading) return <CasePlaceholder />;
  // A case deleted (or moved out of reach) since it was last read is gone, even if a kept copy remains.
  if (query.data && !notFound) return <CaseEditor caseId={caseId} initial={query.data} {...editor} />;
  if (query.isPending) return <CasePlaceholder />;
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
