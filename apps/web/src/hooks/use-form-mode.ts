import { useSearchParams } from 'react-router';
import { IdSchema } from '@rescuedesk/shared';

export type FormMode = { kind: 'add' } | { kind: 'edit'; id: number } | { kind: 'bad-id' };

/** Add or edit follows the URL (docs/product.md#directory-records): `?id=7` edits record 7, no id adds a new one. */
export function useFormMode(): FormMode {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  if (raw === null || raw === '') return { kind: 'add' };
  const id = IdSchema.safeParse(raw);
  return id.success ? { kind: 'edit', id: id.data } : { kind: 'bad-id' };
}
