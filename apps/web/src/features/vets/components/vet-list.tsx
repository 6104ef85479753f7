import { useMemo } from 'react';
import type { Me, Translate, Vet } from '@rescuedesk/shared';
import { DirectoryList, type DirectoryColumn } from '../../../components/directory/directory-list';
import { ViewLink } from '../../../components/directory/record-actions';
import { useDirectoryList } from '../../../components/directory/use-directory-list';
import { useT } from '../../../lib/i18n/use-t';
import { useVets } from '../api/get-vets';
import { VET_FORM_PATH, VET_LIST, vetFormPath } from '../paths';

function columns(t: Translate): DirectoryColumn<Vet>[] {
  return [
    { header: t('field.name'), cell: (vet) => vet.name, card: 'title' },
    { header: t('directory.vet.regIdColumn'), cell: (vet) => vet.regId },
    {
      header: t('common.edit'),
      cell: (vet, view) => <ViewLink to={vetFormPath(vet.id)} name={vet.name} view={view} />,
      card: 'action',
      width: 110,
    },
  ];
}

export function VetList({ me }: { me: Me }) {
  const t = useT();
  const list = useDirectoryList();
  const vets = useVets(list.params);
  const vetColumns = useMemo(() => columns(t), [t]);
  return (
    <DirectoryList
      title={t(VET_LIST.titleKey)}
      add={{ label: t('page.addVet'), to: VET_FORM_PATH }}
      searchPlaceholder={t('directory.vet.search')}
      texts={{
        noneYet: t('directory.vet.noneYet'),
        noneFound: t('directory.vet.noneFound'),
        loadFailed: t('directory.vet.loadFailed'),
        loading: t('directory.vet.loading'),
      }}
      state={list}
      query={vets}
      columns={vetColumns}
      rowLabel={(vet) => vet.name}
      withNgoFilter={me.role === 'Admin'}
      exportTo={{ path: '/export/vets' }}
    />
  );
}
