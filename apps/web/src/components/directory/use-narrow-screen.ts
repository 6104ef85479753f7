import { useMediaQuery } from '@mantine/hooks';

/** theme.breakpoints.xs: at 500px and narrower (spec section 9) lists become cards. */
const NARROW_QUERY = '(max-width: 31.26em)';

export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_QUERY, undefined, { getInitialValueInEffect: false });
}
