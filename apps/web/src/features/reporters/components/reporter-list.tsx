import { useMemo } from 'react';
import { Anchor } from '@mantine/core';
import type { Me, Reporter, Translate } from '@rescuedesk/shared';
import { DirectoryList, type DirectoryColumn } from '../../../components/directory/directory-list';
import { ViewLink } from '../../../components/directory/record-actions';
import { useDirectoryList } from '../../../components/directory/use-directory-list';
import { useT } from '../../../lib/i18n/use-t';
import { useReporters } from '../api/get-reporters';
import { REPORTER_FORM_PATH, REPORTER_LIST, reporterFormPath } from '../paths';

function columns(t: Translate): DirectoryColumn<Reporter>[] {
  return [
    { header: t('field.name'), cell: (reporter) => reporter.name, card: 'title' },
    { header: t('field.email'), cell: (reporter) => reporter.email ?? '—' },
    {
      header: t('field.contact'),
      // A tap on a phone calls the reporter; on a card the number is a 44 px touch target. A number
      // sent masked (docs/privacy.md) is only text: the reporter's page reveals it, logged.
      cell: (reporter, view) =>
        reporter.maskedFields?.includes('contact') ? (
          reporter.contact
        ) : (
        <Anchor
          href={`tel:${reporter.contact.replace(/[\s-]/g, '')}`}
          inherit
          display={view === 'card' ? 'inline-flex' : undefined}
          mih={view === 'card' ? 44 : undefined}
          style={view === 'card' ? { alignItems: 'center' } : undefined}
        >
          {reporter.contact}
        </Anchor>
        ),
    },
    {
      header: t('common.edit'),
      cell: (reporter, view) => <ViewLink to={reporterFormPath(reporter.id)} name={reporter.name} view={view} />,
      card: 'action',
      width: 110,
    },
  ];
}

export function ReporterList({ me }: { me: Me }) {
  const t = useT();
  const list = useDirectoryList();
  const reporters = useReporters(list.params);
  const reporterColumns = useMemo(() => columns(t), [t]);
  return (
    <DirectoryList
      title={t(REPORTER_LIST.titleKey)}
      add={{ label: t('page.addReporter'), to: REPORTER_FORM_PATH }}
      searchPlaceholder={t('directory.reporter.search')}
      texts={{
        noneYet: t('directory.reporter.noneYet'),
        noneFound: t('directory.reporter.noneFound'),
        loadFailed: t('directory.reporter.loadFailed'),
        loading: t('directory.reporter.loading'),
      }}
      state={list}
      query={reporters}
      columns={reporterColumns}
      rowLabel={(reporter) => reporter.name}
      withNgoFilter={me.role === 'Admin'}
      exportTo={{ path: '/export/reporters' }}
    />
  );
}
