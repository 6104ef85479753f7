import { tr } from '@rescuedesk/shared';
import type { NgoScope } from '../db/scope';
import { NotFoundError, ValidationError } from '../errors';
import type { Actor } from './actor';

export interface NgoLookup {
  exists(id: number): Promise<boolean>;
  findIdByName(name: string): Promise<number | undefined>;
}

/** How a request names an NGO: by id, or by name as the observed client does for Admin. */
export interface NgoChoice {
  ngoId?: number | null | undefined;
  ngoName?: string | null | undefined;
}

const NGO_NOT_FOUND = 'NGO not found.';

/** A non-Admin's own NGO. Naming any other NGO is answered as if it did not exist. */
function ownNgo(actor: Actor, requested?: number | null): number {
  if (actor.ngoId === null) throw new NotFoundError();
  if (requested !== null && requested !== undefined && requested !== actor.ngoId) throw new NotFoundError();
  return actor.ngoId;
}

async function chosenNgo(choice: NgoChoice, ngos: NgoLookup): Promise<number | undefined> {
  if (choice.ngoId !== null && choice.ngoId !== undefined) {
    if (!(await ngos.exists(choice.ngoId))) throw new NotFoundError(NGO_NOT_FOUND);
    return choice.ngoId;
  }
  if (choice.ngoName) {
    const id = await ngos.findIdByName(choice.ngoName);
    if (id === undefined) throw new NotFoundError(NGO_NOT_FOUND);
    return id;
  }
  return undefined;
}

/** The scope for reading records by id: an Admin sees every NGO, anyone else only their own. */
export function recordScope(actor: Actor): NgoScope {
  return actor.role === 'Admin' ? 'all' : ownNgo(actor);
}

/** The scope of a list: an Admin may narrow it to one NGO; anyone else gets their own. */
export async function listScope(actor: Actor, choice: NgoChoice, ngos: NgoLookup): Promise<NgoScope> {
  if (actor.role === 'Admin') return (await chosenNgo(choice, ngos)) ?? 'all';
  return ownNgo(actor, choice.ngoId);
}

/** The NGO a new record goes into: chosen by an Admin (required), the creator's own otherwise. */
export async function creationNgo(actor: Actor, choice: NgoChoice, ngos: NgoLookup): Promise<number> {
  if (actor.role !== 'Admin') return ownNgo(actor, choice.ngoId);
  const id = await chosenNgo(choice, ngos);
  if (id === undefined) throw new ValidationError(tr('validation.ngoRequired'));
  return id;
}

/**
 * The NGO an image request acts in: like creationNgo, except that an Admin who names no NGO acts
 * in the platform area (null), where an Admin's own pictures live.
 */
export async function resolveNgoScope(actor: Actor, requested: number | null | undefined, ngos: NgoLookup): Promise<number | null> {
  if (actor.role !== 'Admin') return ownNgo(actor, requested);
  return (await chosenNgo({ ngoId: requested }, ngos)) ?? null;
}

/** Whether the actor may see records of the given NGO (null: the platform area, Admins only). */
export function canSeeNgo(actor: Actor, ngoId: number | null): boolean {
  return actor.role === 'Admin' || (ngoId !== null && ngoId === actor.ngoId);
}
