/** Where the reporter screens live (spec section 2); the record id rides in the URL (decisions.md). */
export const REPORTER_LIST = { title: 'Reporter Management', to: '/reporter' } as const;
export const REPORTER_FORM_PATH = '/reporter/addreporter';

export function reporterFormPath(id: number): string {
  return `${REPORTER_FORM_PATH}?id=${id}`;
}
