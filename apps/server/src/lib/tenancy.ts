import { NotFoundError } from '../errors';
import type { Actor } from './actor';

/**
 * The NGO a request acts in. A non-Admin always acts in their own NGO: naming another one is
 * answered as if it did not exist. An Admin names the NGO (which must exist), or none for the
 * platform area.
 */
export async function resolveNgoScope(
  actor: Actor,
  requested: number | null | undefined,
  ngoExists: (id: number) => Promise<boolean>,
): Promise<number | null> {
  if (actor.role !== 'Admin') {
    if (actor.ngoId === null) throw new NotFoundError();
    if (requested !== null && requested !== undefined && requested !== actor.ngoId) throw new NotFoundError();
    return actor.ngoId;
  }
  if (requested === null || requested === undefined) return null;
  if (!(await ngoExists(requested))) throw new NotFoundError('NGO not found.');
  return requested;
}

/** Whether the actor may see records of the given NGO (null: the platform area, Admins only). */
export function canSeeNgo(actor: Actor, ngoId: number | null): boolean {
  return actor.role === 'Admin' || (ngoId !== null && ngoId === actor.ngoId);
}
