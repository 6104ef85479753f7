import { useId as useReactId } from 'react';

/**
 * Mantine's useId (@mantine/hooks), in its place in every Mantine component (vite.config.ts,
 * mantineHooksDrawnOnce): the same id, `mantine-` and React's own, without Mantine's swap for a
 * random one after the first drawing. That swap is a state change in a layout effect: every input,
 * tab list and dialog on a screen was drawn twice, the second time in one task that could not be
 * split, before the first screen could be used (docs/performance/2026-11-25.md, "Web, first visit
 * (2026-11-25)"). React's ids are unique in the page and stay the same while the component is
 * there, which is all that labels and ARIA links need.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
