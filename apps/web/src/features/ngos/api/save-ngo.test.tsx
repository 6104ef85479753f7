import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { Ngo } from '@rescuedesk/shared';
import { stubFetch } from '../../../../test/fetch';
import { ngoChoicesQueryOptions } from '../../../lib/ngo-choices';
import { useCreateNgo } from './create-ngo';
import { ngosQueryOptions } from './get-ngos';
import { useUpdateNgo } from './update-ngo';

const NGO: Ngo = {
  id: 7,
  name: 'Karuna Shelter',
  darpanId: 'KA/2024/0001',
  desc: null,
  mission: null,
  helpline: null,
  altHelpline: null,
  facebook: null,
  linkedin: null,
  instagram: null,
  twitter: null,
  email: null,
  website: null,
  logo: null,
  regCert: [],
  panCard: [],
  facility: [],
  releaseThresholdM: 500,
  retentionMonths: 12,
  publicPageEnabled: false,
  publicSlug: null,
  servicePincodes: [],
  publicMessage: null,
};

/** A query client holding a page of the NGO list and the NGO choices, as after visiting both. */
function withLoadedNgoQueries() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const page = { data: [NGO], meta: { total: 1, page: 1, pageSize: 10 } };
  const list = ngosQueryOptions({ page: 1, pageSize: 10 }).queryKey;
  const choices = ngoChoicesQueryOptions('').queryKey;
  queryClient.setQueryData(list, page);
  queryClient.setQueryData(choices, { ...page, meta: { ...page.meta, pageSize: 100 } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const stale = () => [queryClient.getQueryState(list)?.isInvalidated, queryClient.getQueryState(choices)?.isInvalidated];
  return { wrapper, stale };
}

describe('saving an NGO', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refreshes the NGO list and the NGO choices after a create', async () => {
    stubFetch({ 'POST /api/ngo/createNgo': { body: { data: NGO } } });
    const { wrapper, stale } = withLoadedNgoQueries();
    const { result } = renderHook(() => useCreateNgo(), { wrapper });
    expect(stale()).toEqual([false, false]);

    await act(() => result.current.mutateAsync({ name: NGO.name, darpanId: 'KA/2024/0001' }));

    expect(stale()).toEqual([true, true]);
  });

  it('refreshes the NGO list and the NGO choices after an edit', async () => {
    stubFetch({ 'POST /api/ngo/updateNgo': { body: { data: { ...NGO, name: 'Karuna Animal Shelter' } } } });
    const { wrapper, stale } = withLoadedNgoQueries();
    const { result } = renderHook(() => useUpdateNgo(), { wrapper });

    await act(() => result.current.mutateAsync({ ngoId: NGO.id, name: 'Karuna Animal Shelter' }));

    expect(stale()).toEqual([true, true]);
  });
});
