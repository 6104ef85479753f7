import { useQuery } from '@tanstack/react-query';
import { ngoQueryOptions } from '../../../lib/ngo-choices';

/** One NGO, for its form; the NGO pickers read the same query for the chosen NGO's name. */
export function useNgo(ngoId: number) {
  return useQuery(ngoQueryOptions(ngoId));
}
