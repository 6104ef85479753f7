/** Where the coverage survey screens live (docs/coverage.md); the ward and the survey ride in the URL. */
export const WARD_LIST_PATH = '/ward';

export function wardPath(wardId: number): string {
  return `/ward/view?id=${wardId}`;
}

/** The recorder of a survey in a ward: a new one (no survey yet), or one started, by the id the phone gave it. */
export function surveyPath(wardId: number, surveyUid?: string): string {
  return surveyUid ? `/ward/survey?ward=${wardId}&survey=${encodeURIComponent(surveyUid)}` : `/ward/survey?ward=${wardId}`;
}
