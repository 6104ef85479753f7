import type { DirectoryListLink } from '../../components/directory/directory-form-page';

/** Where the NGO screens live (docs/product.md#directory-records); the NGO id rides in the URL as ?id=. */
export const NGO_LIST = { titleKey: 'page.ngoManagement', to: '/ngo' } as const satisfies DirectoryListLink;
export const NGO_FORM_PATH = '/ngo/addngo';

export function ngoFormPath(id: number): string {
  return `${NGO_FORM_PATH}?id=${id}`;
}
