import { useCallback, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { ListInput } from '@rescuedesk/shared';

/** Rows per page of every directory list. */
export const DIRECTORY_PAGE_SIZE = 10;

/** How long typing must pause before the list asks the server again. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface DirectoryListState {
  /** The text in the search box, as typed. */
  searchText: string;
  setSearchText: (text: string) => void;
  page: number;
  setPage: (page: number) => void;
  /** Admin only: the NGO the list is narrowed to, or null for all. */
  ngoFilter: number | null;
  setNgoFilter: (ngoId: number | null) => void;
  /**
   * What to send (the shared list schema's input; `ngoId` narrows an Admin's list to one NGO): the
   * search settles after a pause, and a new search or filter starts at page 1.
   */
  params: ListInput;
}

/** The search, page and NGO filter of one list. */
export function useDirectoryList(pageSize = DIRECTORY_PAGE_SIZE): DirectoryListState {
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [ngoFilter, setNgoFilterState] = useState<number | null>(null);
  const [paging, setPaging] = useState({ page: 1, search });

  // A settled new search starts again at page 1.
  if (paging.search !== search) setPaging({ page: 1, search });

  const params: ListInput = { page: paging.search === search ? paging.page : 1, pageSize };
  if (search) params.search = search;
  if (ngoFilter !== null) params.ngoId = ngoFilter;

  const setPage = useCallback((page: number) => setPaging((current) => ({ ...current, page })), []);
  const setNgoFilter = useCallback((ngoId: number | null) => {
    setNgoFilterState(ngoId);
    setPaging((current) => ({ ...current, page: 1 }));
  }, []);

  return { searchText, setSearchText, page: params.page, setPage, ngoFilter, setNgoFilter, params };
}
