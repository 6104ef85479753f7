/** Where the vet screens live (spec section 2); the record id rides in the URL (decisions.md). */
export const VET_LIST = { title: 'Vet Management', to: '/vet' } as const;
export const VET_FORM_PATH = '/vet/addvet';

export function vetFormPath(id: number): string {
  return `${VET_FORM_PATH}?id=${id}`;
}
