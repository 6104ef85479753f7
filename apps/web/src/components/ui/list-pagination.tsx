import { Pagination } from '@mantine/core';
import type { MessageKey } from '@rescuedesk/shared';
import { useNarrowScreen } from '../../hooks/use-narrow-screen';
import { useT } from '../../lib/i18n/use-t';

/** The names of the pager's arrows, for screen readers. */
export const PAGE_CONTROL_KEYS = {
  first: 'cases.list.firstPage',
  previous: 'cases.list.previousPage',
  next: 'cases.list.nextPage',
  last: 'cases.list.lastPage',
} as const satisfies Record<string, MessageKey>;

/** A list's page buttons, each named for a screen reader; on a phone larger, with only the current page between the arrows. */
export function ListPagination({ pages, page, onChange, label }: { pages: number; page: number; onChange: (page: number) => void; label?: string }) {
  const t = useT();
  const narrow = useNarrowScreen();
  if (pages <= 1) return null;
  const pager = (
    <Pagination
      total={pages}
      value={Math.min(page, pages)}
      onChange={onChange}
      size={narrow ? 'xl' : 'md'}
      gap={narrow ? 6 : undefined}
      siblings={narrow ? 0 : 1}
      getControlProps={(control) => ({ 'aria-label': t(PAGE_CONTROL_KEYS[control]) })}
      getItemProps={(item) => ({ 'aria-label': t('cases.list.page', { page: item }) })}
    />
  );
  // Named, the pager is a landmark of its own: a screen reader's list of regions finds it.
  return label ? <nav aria-label={label}>{pager}</nav> : pager;
}
