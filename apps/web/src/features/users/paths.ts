import type { DirectoryListLink } from '../../components/directory/directory-form-page';

/** Where the user screens live (docs/product.md#directory-records); the record id rides in the URL. */
export const USER_LIST = { titleKey: 'directory.user.listTitle', to: '/user' } as const satisfies DirectoryListLink;
export const USER_FORM_PATH = '/user/adduser';

export function userFormPath(id: number): string {
  return `${USER_FORM_PATH}?id=${id}`;
}
