import type { DirectoryListLink } from '../../components/directory/directory-form-page';

/** Where the reporter screens live (docs/product.md#directory-records); the record id rides in the URL. */
export const REPORTER_LIST = { titleKey: 'directory.reporter.listTitle', to: '/reporter' } as const satisfies DirectoryListLink;
export const REPORTER_FORM_PATH = '/reporter/addreporter';

export function reporterFormPath(id: number): string {
  return `${REPORTER_FORM_PATH}?id=${id}`;
}
