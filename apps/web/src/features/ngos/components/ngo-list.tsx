import { can, type Me, type Ngo } from '@rescuedesk/shared';
import { DirectoryList, type DirectoryColumn } from '../../../components/directory/directory-list';
import { ListLogo } from '../../../components/directory/list-logo';
import { ViewLink } from '../../../components/directory/record-actions';
import { useDirectoryList } from '../../../components/directory/use-directory-list';
import { useNgos } from '../api/get-ngos';
import { NGO_FORM_PATH, NGO_LIST, ngoFormPath } from '../paths';

const COLUMNS: readonly DirectoryColumn<Ngo>[] = [
  { header: 'Name', cell: (ngo) => ngo.name, card: 'title' },
  { header: 'Darpan Id', cell: (ngo) => ngo.darpanId ?? '—' },
  {
    header: 'Logo',
    cell: (ngo) => <ListLogo ngoId={ngo.id} fileName={ngo.logo} name={ngo.name} />,
    card: 'image',
    width: 88,
  },
  {
    header: 'Edit',
    cell: (ngo, view) => <ViewLink to={ngoFormPath(ngo.id)} name={ngo.name} view={view} />,
    card: 'action',
    width: 110,
  },
];

/** An Admin sees every NGO and may add one; a Founder sees only their own (decisions.md). */
export function NgoList({ me }: { me: Me }) {
  const list = useDirectoryList();
  const ngos = useNgos(list.params);
  return (
    <DirectoryList
      title={NGO_LIST.title}
      add={can(me.role, 'ngo.create') ? { label: 'Add Ngo', to: NGO_FORM_PATH } : undefined}
      searchPlaceholder="Search by Name / Darpan Id"
      noun="NGOs"
      state={list}
      query={ngos}
      columns={COLUMNS}
      rowLabel={(ngo) => ngo.name}
    />
  );
}
