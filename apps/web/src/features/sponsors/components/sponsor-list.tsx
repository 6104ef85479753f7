import { useMemo } from 'react';
import { Badge, Button } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { Link } from 'react-router';
import { optionKey, type Me, type Sponsor, type Translate } from '@rescuedesk/shared';
import { DirectoryList, type DirectoryColumn } from '../../../components/directory/directory-list';
import { ListLogo } from '../../../components/directory/list-logo';
import { ViewLink } from '../../../components/directory/record-actions';
import { useDirectoryList } from '../../../components/directory/use-directory-list';
import { useT } from '../../../lib/i18n/use-t';
import { useSponsors } from '../api/get-sponsors';
import { SPONSOR_FORM_PATH, SPONSOR_LIST, sponsorFormPath } from '../paths';

function columns(t: Translate): DirectoryColumn<Sponsor>[] {
  return [
    { header: t('field.name'), cell: (sponsor) => sponsor.name, card: 'title' },
    {
      header: t('directory.sponsor.typeColumn'),
      cell: (sponsor) => (
        // Never narrower than its word: beside the sidebar the table's columns get tight ('Sterilization' was 'S..' at 520 px).
        <Badge variant="light" color="gray" radius="sm" tt="none" fw={500} miw="max-content">
          {t(optionKey('sponsorType', sponsor.type))}
        </Badge>
      ),
    },
    {
      header: t('directory.common.logo'),
      cell: (sponsor) => <ListLogo ngoId={sponsor.ngoId} fileName={sponsor.logo} name={sponsor.name} />,
      card: 'image',
      width: 88,
    },
    {
      // The cases this sponsorship pays for, printable for the sponsor (docs/reports.md#a-sponsors-cases).
      header: t('reports.sponsorCases.link'),
      cell: (sponsor, view) => (
        <Button
          component={Link}
          to={`/sponsor/cases?id=${sponsor.id}`}
          variant="subtle"
          size={view === 'card' ? 'md' : 'xs'}
          flex={view === 'card' ? 1 : undefined}
          leftSection={<IconListDetails size={view === 'card' ? 18 : 14} stroke={1.7} aria-hidden />}
          aria-label={t('reports.sponsorCases.linkFor', { name: sponsor.name })}
        >
          {t('reports.sponsorCases.link')}
        </Button>
      ),
      card: 'action',
      width: 110,
    },
    {
      header: t('common.edit'),
      cell: (sponsor, view) => <ViewLink to={sponsorFormPath(sponsor.id)} name={sponsor.name} view={view} />,
      card: 'action',
      width: 110,
    },
  ];
}

export function SponsorList({ me }: { me: Me }) {
  const t = useT();
  const list = useDirectoryList();
  const sponsors = useSponsors(list.params);
  const sponsorColumns = useMemo(() => columns(t), [t]);
  return (
    <DirectoryList
      title={t(SPONSOR_LIST.titleKey)}
      add={{ label: t('page.addSponsor'), to: SPONSOR_FORM_PATH }}
      searchPlaceholder={t('directory.sponsor.search')}
      texts={{
        noneYet: t('directory.sponsor.noneYet'),
        noneFound: t('directory.sponsor.noneFound'),
        loadFailed: t('directory.sponsor.loadFailed'),
        loading: t('directory.sponsor.loading'),
      }}
      state={list}
      query={sponsors}
      columns={sponsorColumns}
      rowLabel={(sponsor) => sponsor.name}
      withNgoFilter={me.role === 'Admin'}
      exportTo={{ path: '/export/sponsors' }}
    />
  );
}
