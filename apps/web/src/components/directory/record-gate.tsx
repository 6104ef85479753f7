import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconAlertTriangle, IconSearchOff } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { PageLoader } from '../ui/page-loader';
import { StatusPanel } from '../ui/status-panel';
import { useErrorToast } from '../../hooks/use-error-toast';

interface RecordGateProps<T> {
  /** The record's detail query; the form renders once it has answered. */
  query: UseQueryResult<T>;
  /** 'vet', for "This vet could not be found". */
  noun: string;
  list: { title: string; to: string };
  children: (record: T) => ReactNode;
}

/** Edit mode: waits for the record, and says so clearly when it cannot be loaded. */
export function RecordGate<T>({ query, noun, list, children }: RecordGateProps<T>) {
  useErrorToast(query.error);
  if (query.data !== undefined) return children(query.data);
  if (query.isPending) return <PageLoader />;

  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const back = (
    <Button component={Link} to={list.to} variant="light">
      Back to {list.title}
    </Button>
  );
  return (
    <StatusPanel
      icon={notFound ? <IconSearchOff size={28} /> : <IconAlertTriangle size={28} />}
      title={notFound ? `This ${noun} could not be found` : `The ${noun} could not be loaded`}
      color="red"
      action={
        notFound ? (
          back
        ) : (
          <Group gap="sm" justify="center">
            {back}
            <Button onClick={() => void query.refetch()} loading={query.isFetching}>
              Try again
            </Button>
          </Group>
        )
      }
    >
      {notFound ? `It may have been removed, or it belongs to another NGO.` : query.error?.message}
    </StatusPanel>
  );
}

/** A `?id=` that is not a record id. */
export function BadIdPanel({ noun, list }: { noun: string; list: { title: string; to: string } }) {
  return (
    <StatusPanel
      icon={<IconSearchOff size={28} />}
      title={`This ${noun} could not be found`}
      color="red"
      action={
        <Button component={Link} to={list.to} variant="light">
          Back to {list.title}
        </Button>
      }
    >
      The address does not name a valid record.
    </StatusPanel>
  );
}
