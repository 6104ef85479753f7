import type { DirectoryListLink } from '../../components/directory/directory-form-page';

/** Where the sponsor screens live (docs/product.md#directory-records); the record id rides in the URL. */
export const SPONSOR_LIST = { titleKey: 'directory.sponsor.listTitle', to: '/sponsor' } as const satisfies DirectoryListLink;
export const SPONSOR_FORM_PATH = '/sponsor/addsponsor';

export function sponsorFormPath(id: number): string {
  return `${SPONSOR_FORM_PATH}?id=${id}`;
}
