import { useMediaMatch } from './use-media-match';

/** theme.breakpoints.xs: 500px and narrower is the phone layout (docs/product.md, Layout). */
const NARROW_QUERY = '(max-width: 31.26em)';

/**
 * Whether the screen is a phone's: lists become cards, the sidebar a drawer, form buttons span the
 * width. Read on the first render, so a phone never renders the wide layout first.
 */
export function useNarrowScreen(): boolean {
  return useMediaMatch(NARROW_QUERY);
}
