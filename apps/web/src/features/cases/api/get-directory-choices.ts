import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DirectoryChoices } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

export function getDirectoryChoices(ngoId: number): Promise<DirectoryChoices> {
  return api.post<DirectoryChoices>('/case/getDirectoryChoices', { ngoId });
}

/** A reporter as the choices hold them: no identity documents on the device. */
export type ReporterChoice = DirectoryChoices['reporters'][number];
export type VetChoice = DirectoryChoices['vets'][number];

/**
 * Kept on the device with the cases (lib/offline/persist-policy.ts: 'directory-choices' are kept
 * like the NGO choices), so a case step's pickers work offline.
 */
export function directoryChoicesQueryOptions(ngoId: number | null) {
  return queryOptions({
    queryKey: ['directory-choices', ngoId],
    queryFn: () => getDirectoryChoices(ngoId ?? 0),
    enabled: ngoId !== null,
    staleTime: 5 * 60_000,
  });
}

/** The vets, staff and latest reporters of the NGO, for a case step's pickers. */
export function useDirectoryChoices(ngoId: number | null) {
  return useQuery(directoryChoicesQueryOptions(ngoId));
}

/**
 * Asks for the signed-in user's NGO's choices once the shell is up, without showing them. Only
 * what was asked for online is on the device offline (docs/decisions/012); before, the vet list
 * was asked only by the operation step, so a worker who had not opened that step online found it
 * empty offline and typed a name (issue 33). One small answer (names and phone numbers of one NGO,
 * the reporters capped by the server) is kept within the persist policy's choices. An Admin, who
 * belongs to no NGO, gets each NGO's choices when a case of it is opened.
 */
export function useWarmDirectoryChoices(ngoId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (ngoId !== null) void queryClient.prefetchQuery(directoryChoicesQueryOptions(ngoId));
  }, [queryClient, ngoId]);
}

/** The vet chosen from the directory whose name is exactly the text, if any: typing it in full is choosing it. */
export function vetNamed(vets: readonly VetChoice[], name: string): VetChoice | undefined {
  const text = name.trim();
  return text === '' ? undefined : vets.find((vet) => vet.name === text);
}

/** The kept reporters matching typed text as the server's search does (name, phone or email contains it, ignoring case). */
export function reportersMatching(reporters: readonly ReporterChoice[], search: string, max: number): ReporterChoice[] {
  const text = search.trim().toLocaleLowerCase();
  if (text === '') return [];
  return reporters.filter((r) => [r.name, r.contact, r.email ?? ''].some((value) => value.toLocaleLowerCase().includes(text))).slice(0, max);
}
