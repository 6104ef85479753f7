import type { TestProject } from 'vitest/node';
import { buildDbTemplates } from './db-templates';

/** Gives the SQLite test project its template databases, migrated and with the test world, made once for the run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, dispose } = await buildDbTemplates('sqlite');
  project.provide('dbTemplates', templates);
  return dispose;
}
