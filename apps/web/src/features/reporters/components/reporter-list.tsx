import { Anchor } from '@mantine/core';
import type { Me, Reporter } from '@rescuedesk/shared';
import { DirectoryList, type DirectoryColumn } from '../../../components/directory/directory-list';
import { ViewLink } from '../../../components/directory/record-actions';
import { useDirectoryList } from '../../../components/directory/use-directory-list';
import { useReporters } from '../api/get-reporters';
import { REPORTER_FORM_PATH, REPORTER_LIST, reporterFormPath } from '../paths';

const COLUMNS: readonly DirectoryColumn<Reporter>[] = [
  { header: 'Name', cell: (reporter) => reporter.name, card: 'title' },
  { header: 'Email', cell: (reporter) => reporter.email ?? '—' },
  {
    header: 'Contact',
    // A tap on a phone calls the reporter.
    cell: (reporter) => (
      <Anchor href={`tel:${reporter.contact.replace(/[\s-]/g, '')}`} inherit>
        {reporter.contact}
      </Anchor>
    ),
  },
  {
    header: 'Edit',
    cell: (reporter, view) => <ViewLink to={reporterFormPath(reporter.id)} name={reporter.name} view={view} />,
    card: 'action',
    width: 110,
  },
];

export function ReporterList({ me }: { me: Me }) {
  const list = useDirectoryList();
  const reporters = useReporters(list.params);
  return (
    <DirectoryList
      title={REPORTER_LIST.title}
      add={{ label: 'Add Reporter', to: REPORTER_FORM_PATH }}
      searchPlaceholder="Search by Name / Email"
      noun="reporters"
      state={list}
      query={reporters}
      columns={COLUMNS}
      rowLabel={(reporter) => reporter.name}
      withNgoFilter={me.role === 'Admin'}
    />
  );
}
