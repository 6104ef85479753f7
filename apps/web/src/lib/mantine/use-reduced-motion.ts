import { useMediaMatch } from '../../hooks/use-media-match';

/**
 * Mantine's useReducedMotion (@mantine/hooks), in its place in every Mantine component (vite.config.ts,
 * mantineHooksDrawnOnce): whether the device asks for less motion, read as the component is drawn and
 * followed as it changes (the app's own useMediaMatch). Mantine's starts unknown and learns the answer
 * in an effect, so every transition (each button's spinner, each dialog) was drawn a second time after
 * the first screen (docs/performance/2026-11-25.md, "Web, first visit (2026-11-25)").
 */
export function useReducedMotion(): boolean {
  return useMediaMatch('(prefers-reduced-motion: reduce)');
}
