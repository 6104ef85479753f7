import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconAlertTriangle, IconSearchOff } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { PageLoader } from '../ui/page-loader';
import { StatusPanel } from '../ui/status-panel';
import { useErrorToast } from '../../hooks/use-error-toast';
import { useT } from '../../lib/i18n/use-t';
import type { DirectoryListLink } from './directory-form-page';
import classes from './directory.module.css';

/** What a record page says when its record is missing, already in the user's language. */
export interface RecordGateTexts {
  /** 'This vet could not be found'. */
  notFound: string;
  /** 'The vet could not be loaded'. */
  loadFailed: string;
}

interface RecordGateProps<T> {
  /** The record's detail query; the form renders once it has answered. */
  query: UseQueryResult<T>;
  texts: RecordGateTexts;
  list: DirectoryListLink;
  children: (record: T) => ReactNode;
}

/** Edit mode: waits for the record, and says so clearly when it cannot be loaded. */
export function RecordGate<T>({ query, texts, list, children }: RecordGateProps<T>) {
  const t = useT();
  useErrorToast(query.error);
  if (query.data !== undefined) return children(query.data);
  if (query.isPending) return <PageLoader />;

  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const back = <BackToList list={list} />;
  return (
    <div className={classes.screen}>
      <StatusPanel
        icon={notFound ? <IconSearchOff size={28} aria-hidden /> : <IconAlertTriangle size={28} aria-hidden />}
        title={notFound ? texts.notFound : texts.loadFailed}
        color="red"
        action={
          notFound ? (
            back
          ) : (
            <Group gap="sm" justify="center">
              {back}
              <Button onClick={() => void query.refetch()} loading={query.isFetching}>
                {t('directory.common.tryAgain')}
              </Button>
            </Group>
          )
        }
      >
        {notFound ? t('directory.record.maybeRemoved') : query.error?.message}
      </StatusPanel>
    </div>
  );
}

/** A `?id=` that is not a record id. */
export function BadIdPanel({ notFound, list }: { notFound: string; list: DirectoryListLink }) {
  const t = useT();
  return (
    <div className={classes.screen}>
      <StatusPanel icon={<IconSearchOff size={28} aria-hidden />} title={notFound} color="red" action={<BackToList list={list} />}>
        {t('directory.record.badAddress')}
      </StatusPanel>
    </div>
  );
}

function BackToList({ list }: { list: DirectoryListLink }) {
  const t = useT();
  return (
    <Button component={Link} to={list.to} variant="light">
      {t('directory.record.backTo', { list: t(list.titleKey) })}
    </Button>
  );
}
