import type { DirectoryListLink } from '../../components/directory/directory-form-page';

/** Where the vet screens live (docs/product.md#directory-records); the record id rides in the URL. */
export const VET_LIST = { titleKey: 'directory.vet.listTitle', to: '/vet' } as const satisfies DirectoryListLink;
export const VET_FORM_PATH = '/vet/addvet';

export function vetFormPath(id: number): string {
  return `${VET_FORM_PATH}?id=${id}`;
}
