import { z } from 'zod';
import { IdSchema } from './common';
import { apiParam, says, wholeNumberLike } from './formats';
import { MAX_PAGE_SIZE } from '../api-values';

/** Paging and search for every list. Admin may narrow to one NGO; others always get their own. */
export const ListInputSchema = z
  .object({
    search: z.string(says('validation.text', apiParam('search'))).trim().max(100, says('validation.maxLength', apiParam('search'), { max: '100' })).optional(),
    page: wholeNumberLike(apiParam('page'), { min: 1, max: 1_000_000 }).default(1),
    pageSize: wholeNumberLike(apiParam('pageSize'), { min: 1, max: MAX_PAGE_SIZE }).default(20),
    ngoId: IdSchema.optional(),
    ngoName: z.string().trim().max(200).optional(),
  })
  .prefault({});
export type ListInput = z.infer<typeof ListInputSchema>;

export const PageMetaSchema = z.object({ total: z.number(), page: z.number(), pageSize: z.number() });
export type PageMeta = z.infer<typeof PageMetaSchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: PageMetaSchema });
}

/** How the Admin names the NGO of a new record: by id, or by name as the observed client does. */
export const NgoChoiceSchema = {
  ngoId: IdSchema.nullable().optional(),
  ngoName: z.string().trim().max(200).nullable().optional(),
};
