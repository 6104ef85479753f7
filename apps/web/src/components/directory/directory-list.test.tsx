import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListInput } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';
import { api } from '../../lib/api-client';
import { i18n } from '../../lib/i18n/i18n';
import { messages as en } from '../../lib/i18n/catalogues/en';
import { messages as hi } from '../../lib/i18n/catalogues/hi';
import { DirectoryList, type DirectoryColumn } from './directory-list';
import { ViewLink } from './record-actions';
import { useDirectoryList } from './use-directory-list';

interface Thing {
  id: number;
  name: string;
  code: string;
}

const COLUMNS: DirectoryColumn<Thing>[] = [
  { header: 'Name', cell: (thing) => thing.name, card: 'title' },
  { header: 'Code', cell: (thing) => thing.code },
  { header: 'Edit', cell: (thing, view) => <ViewLink to={`/thing/add?id=${thing.id}`} name={thing.name} view={view} />, card: 'action' },
];

function ThingList() {
  const list = useDirectoryList();
  const query = useQuery({
    queryKey: ['things', list.params],
    queryFn: () => api.postPage<Thing>('/thing/getThings', list.params),
    placeholderData: keepPreviousData,
  });
  return (
    <DirectoryList
      title="Thing Management"
      add={{ label: 'Add Thing', to: '/thing/add' }}
      searchPlaceholder="Search by Name / Code"
      texts={{ noneYet: 'No things yet', noneFound: 'No things found', loadFailed: 'The things could not be loaded', loading: 'Loading things' }}
      state={list}
      query={query}
      columns={COLUMNS}
      rowLabel={(thing) => thing.name}
    />
  );
}

/** A server of `total` things named "Thing 1"…, paged and searched like the real one. */
function serveThings(total: number) {
  const all = Array.from({ length: total }, (_, i) => ({ id: i + 1, name: `Thing ${i + 1}`, code: `T-${i + 1}` }));
  return stubFetch({
    'POST /api/thing/getThings': (init) => {
      const params = JSON.parse(String(init.body)) as ListInput;
      const found = params.search ? all.filter((t) => t.name.toLowerCase().includes(params.search!.toLowerCase())) : all;
      const start = (params.page - 1) * params.pageSize;
      return { body: { data: found.slice(start, start + params.pageSize), meta: { total: found.length, page: params.page, pageSize: params.pageSize } } };
    },
  });
}

function sentBodies(fetchMock: ReturnType<typeof stubFetch>): ListInput[] {
  return fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as ListInput);
}

function narrowScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

describe('DirectoryList', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('shows a table whose S.No keeps counting on the next page', async () => {
    const fetchMock = serveThings(23);
    const { user } = renderWithProviders(<ThingList />);

    const firstRow = await screen.findByRole('row', { name: 'Thing 1' });
    expect(within(firstRow).getByText('1')).toBeTruthy();
    expect(within(firstRow).getByRole('link', { name: 'View Thing 1' }).getAttribute('href')).toBe('/thing/add?id=1');
    expect(screen.getByText('1–10 of 23')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));

    const row = await screen.findByRole('row', { name: 'Thing 11' });
    expect(within(row).getByText('11')).toBeTruthy();
    expect(screen.getByText('11–20 of 23')).toBeTruthy();
    expect(sentBodies(fetchMock).at(-1)).toEqual({ page: 2, pageSize: 10 });
  });

  it('searches on the server once typing pauses, starting again at page 1', async () => {
    const fetchMock = serveThings(23);
    const { user } = renderWithProviders(<ThingList />);
    await screen.findByRole('row', { name: 'Thing 1' });
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByRole('row', { name: 'Thing 21' });
    const before = fetchMock.mock.calls.length;
    const box = screen.getByRole('searchbox', { name: 'Search by Name / Code' });

    await user.type(box, 't');
    // Nothing is sent while typing; the search goes out once typing pauses.
    expect(fetchMock.mock.calls.length).toBe(before);
    await user.type(box, 'hing 2');

    expect(await screen.findByText('1–5 of 5')).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Thing 2' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Thing 23' })).toBeTruthy();
    const sent = sentBodies(fetchMock).slice(before);
    expect(sent.at(-1)).toEqual({ search: 'thing 2', page: 1, pageSize: 10 });
    expect(sent.every((body) => body.page === 1)).toBe(true);
  });

  it('says when nothing matches the search, and clears it on request', async () => {
    serveThings(3);
    const { user } = renderWithProviders(<ThingList />);
    await screen.findByRole('row', { name: 'Thing 1' });

    await user.type(screen.getByRole('searchbox', { name: 'Search by Name / Code' }), 'zebra');
    expect(await screen.findByText('No things found')).toBeTruthy();
    expect(screen.getByText('Nothing matches “zebra”.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('row', { name: 'Thing 3' })).toBeTruthy();
  });

  it('shows an empty state that points at the Add button when there are no records', async () => {
    serveThings(0);
    renderWithProviders(<ThingList />);

    expect(await screen.findByText('No things yet')).toBeTruthy();
    expect(screen.getByText('Use “Add Thing” to add the first.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Thing' }).getAttribute('href')).toBe('/thing/add');
  });

  it('becomes one card per record on a narrow screen', async () => {
    narrowScreen();
    serveThings(12);
    renderWithProviders(<ThingList />);

    const card = await screen.findByRole('article', { name: 'Thing 1' });
    expect(within(card).getByText('S.No 1')).toBeTruthy();
    expect(within(card).getByText('Code')).toBeTruthy();
    expect(within(card).getByText('T-1')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'View Thing 1' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(10);
  });

  it("shows a failed load in a closable error toast with the server's message, and can try again", async () => {
    let fail = true;
    stubFetch({
      'POST /api/thing/getThings': () =>
        fail ? { status: 403, body: { message: 'You do not have permission to do that.' } } : { body: { data: [], meta: { total: 0, page: 1, pageSize: 10 } } },
    });
    const { user } = renderWithProviders(<ThingList />);

    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Error');
    expect(toast.textContent).toContain('You do not have permission to do that.');
    expect(screen.getByText('The things could not be loaded')).toBeTruthy();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('No things yet')).toBeTruthy());
  });

  it("heads each row with the record's name and names every page button", async () => {
    serveThings(23);
    renderWithProviders(<ThingList />);

    const row = await screen.findByRole('row', { name: 'Thing 1' });
    expect(within(row).getByRole('rowheader').textContent).toBe('Thing 1');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['S.No', 'Name', 'Code', 'Edit']);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeTruthy();
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeTruthy();
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeTruthy();
  });

  it('shows its own texts in Hindi: headers, counts, page buttons and an empty search', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    serveThings(23);
    const { user } = renderWithProviders(<ThingList />);

    const row = await screen.findByRole('row', { name: 'Thing 1' });
    expect(within(row).getByRole('link', { name: 'Thing 1 देखें' }).textContent).toBe('देखें');
    expect(screen.getByRole('columnheader', { name: 'क्र.सं.' })).toBeTruthy();
    expect(screen.getByText('23 में से 1–10')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'अगला पेज' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'पेज 2' })).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Search by Name / Code' }), 'zebra');
    expect(await screen.findByText('“zebra” से मिलता हुआ कुछ नहीं मिला।')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'खोज का टेक्स्ट हटाएँ' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'खोज हटाएँ' }));
    expect(await screen.findByRole('row', { name: 'Thing 3' })).toBeTruthy();
  });

  it('numbers the cards in Hindi on a narrow screen', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    narrowScreen();
    serveThings(2);
    renderWithProviders(<ThingList />);

    const card = await screen.findByRole('article', { name: 'Thing 2' });
    expect(within(card).getByText('क्र.सं. 2')).toBeTruthy();
  });
});
