/** Where the user screens live (spec section 2); the record id rides in the URL (decisions.md). */
export const USER_LIST = { title: 'ParentNGO List', to: '/user' } as const;
export const USER_FORM_PATH = '/user/adduser';

export function userFormPath(id: number): string {
  return `${USER_FORM_PATH}?id=${id}`;
}
