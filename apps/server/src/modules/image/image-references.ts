import { ValidationError } from '../../errors';
import type { ImageRepository } from './image.repository';

type Reference = string | readonly string[] | null | undefined;

/**
 * A record may only point at images uploaded for its own NGO: a stored name from elsewhere, or
 * one never uploaded, is refused with the field named.
 */
export async function assertImagesBelong(images: ImageRepository, ngoId: number | null, references: Record<string, Reference>): Promise<void> {
  for (const [label, value] of Object.entries(references)) {
    const names = value === null || value === undefined ? [] : typeof value === 'string' ? [value] : value;
    if (names.length === 0) continue;
    const found = await images.existingNames(ngoId, names);
    if (names.some((name) => !found.has(name))) {
      throw new ValidationError(`${label} refers to an image that was not uploaded for this NGO`);
    }
  }
}
