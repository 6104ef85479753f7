import { Badge } from '@mantine/core';
import type { Me, Sponsor } from '@rescuedesk/shared';
import { DirectoryList, type DirectoryColumn } from '../../../components/directory/directory-list';
import { ListLogo } from '../../../components/directory/list-logo';
import { ViewLink } from '../../../components/directory/record-actions';
import { useDirectoryList } from '../../../components/directory/use-directory-list';
import { useSponsors } from '../api/get-sponsors';
import { SPONSOR_FORM_PATH, SPONSOR_LIST, sponsorFormPath } from '../paths';

const COLUMNS: readonly DirectoryColumn<Sponsor>[] = [
  { header: 'Name', cell: (sponsor) => sponsor.name, card: 'title' },
  {
    header: 'Type',
    cell: (sponsor) => (
      <Badge variant="light" color="gray" radius="sm" tt="none" fw={500}>
        {sponsor.type}
      </Badge>
    ),
  },
  {
    header: 'Logo',
    cell: (sponsor) => <ListLogo ngoId={sponsor.ngoId} fileName={sponsor.logo} name={sponsor.name} />,
    card: 'image',
    width: 88,
  },
  {
    header: 'Edit',
    cell: (sponsor, view) => <ViewLink to={sponsorFormPath(sponsor.id)} name={sponsor.name} view={view} />,
    card: 'action',
    width: 110,
  },
];

export function SponsorList({ me }: { me: Me }) {
  const list = useDirectoryList();
  const sponsors = useSponsors(list.params);
  return (
    <DirectoryList
      title={SPONSOR_LIST.title}
      add={{ label: 'Add Sponsor', to: SPONSOR_FORM_PATH }}
      searchPlaceholder="Search by Name / Type"
      noun="sponsors"
      state={list}
      query={sponsors}
      columns={COLUMNS}
      rowLabel={(sponsor) => sponsor.name}
      withNgoFilter={me.role === 'Admin'}
    />
  );
}
