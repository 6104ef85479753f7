import { useMemo } from 'react';
import { can, type Me, type Ngo, type Translate } from '@rescuedesk/shared';
import { DirectoryList, type DirectoryColumn } from '../../../components/directory/directory-list';
import { ListLogo } from '../../../components/directory/list-logo';
import { ViewLink } from '../../../components/directory/record-actions';
import { useDirectoryList } from '../../../components/directory/use-directory-list';
import { useT } from '../../../lib/i18n/use-t';
import { useNgos } from '../api/get-ngos';
import { NGO_FORM_PATH, NGO_LIST, ngoFormPath } from '../paths';

function columns(t: Translate): DirectoryColumn<Ngo>[] {
  return [
    { header: t('field.name'), cell: (ngo) => ngo.name, card: 'title' },
    { header: t('field.darpanId'), cell: (ngo) => ngo.darpanId ?? '—' },
    {
      header: t('directory.common.logo'),
      cell: (ngo) => <ListLogo ngoId={ngo.id} fileName={ngo.logo} name={ngo.name} />,
      card: 'image',
      width: 88,
    },
    {
      header: t('common.edit'),
      cell: (ngo, view) => <ViewLink to={ngoFormPath(ngo.id)} name={ngo.name} view={view} />,
      card: 'action',
      width: 110,
    },
  ];
}

/** An Admin sees every NGO and may add one; a Founder sees only their own (docs/product.md#tenancy). */
export function NgoList({ me }: { me: Me }) {
  const t = useT();
  const list = useDirectoryList();
  const ngos = useNgos(list.params);
  const ngoColumns = useMemo(() => columns(t), [t]);
  return (
    <DirectoryList
      title={t(NGO_LIST.titleKey)}
      add={can(me.role, 'ngo.create') ? { label: t('page.addNgo'), to: NGO_FORM_PATH } : undefined}
      searchPlaceholder={t('directory.ngo.search')}
      texts={{
        noneYet: t('directory.ngo.noneYet'),
        noneFound: t('directory.ngo.noneFound'),
        loadFailed: t('directory.ngo.loadFailed'),
        loading: t('directory.ngo.loading'),
      }}
      state={list}
      query={ngos}
      columns={ngoColumns}
      rowLabel={(ngo) => ngo.name}
      exportTo={{ path: '/export/ngos' }}
    />
  );
}
