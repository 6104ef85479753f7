import type { Me, Vet } from '@rescuedesk/shared';
import { DirectoryList, type DirectoryColumn } from '../../../components/directory/directory-list';
import { ViewLink } from '../../../components/directory/record-actions';
import { useDirectoryList } from '../../../components/directory/use-directory-list';
import { useVets } from '../api/get-vets';
import { VET_FORM_PATH, VET_LIST, vetFormPath } from '../paths';

const COLUMNS: readonly DirectoryColumn<Vet>[] = [
  { header: 'Name', cell: (vet) => vet.name, card: 'title' },
  { header: 'Reg. ID', cell: (vet) => vet.regId },
  {
    header: 'Edit',
    cell: (vet, view) => <ViewLink to={vetFormPath(vet.id)} name={vet.name} view={view} />,
    card: 'action',
    width: 110,
  },
];

export function VetList({ me }: { me: Me }) {
  const list = useDirectoryList();
  const vets = useVets(list.params);
  return (
    <DirectoryList
      title={VET_LIST.title}
      add={{ label: 'Add Vet', to: VET_FORM_PATH }}
      searchPlaceholder="Search by Name / Reg. ID"
      noun="vets"
      state={list}
      query={vets}
      columns={COLUMNS}
      rowLabel={(vet) => vet.name}
      withNgoFilter={me.role === 'Admin'}
    />
  );
}
