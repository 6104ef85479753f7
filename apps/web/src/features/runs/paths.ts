/** Where the run screens live (docs/product.md#runs); the run's id rides in the URL. */
export const RUNS_PATH = '/runs';
export const RUN_PLAN_PATH = '/runs/plan';

export function runSheetPath(id: number): string {
  return `/runs/sheet?id=${id}`;
}

export function runRegisterPath(id: number): string {
  return `/runs/register?id=${id}`;
}
