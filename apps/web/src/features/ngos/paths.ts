/** Where the NGO screens live (spec section 2); the NGO id rides in the URL as ?id= (decisions.md). */
export const NGO_LIST = { title: 'Ngo Management', to: '/ngo' } as const;
export const NGO_FORM_PATH = '/ngo/addngo';

export function ngoFormPath(id: number): string {
  return `${NGO_FORM_PATH}?id=${id}`;
}
