import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

let list: MediaQueryList | undefined;
const mediaQuery = (): MediaQueryList => (list ??= window.matchMedia(QUERY));
const subscribe = (onChange: () => void): (() => void) => {
  const query = mediaQuery();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const reducedMotion = (): boolean => mediaQuery().matches;

/**
 * Mantine's useReducedMotion (@mantine/hooks), in its place in every Mantine component (vite.config.ts,
 * mantineHooksDrawnOnce): whether the device asks for less motion, read as the component is drawn and
 * followed as it changes. Mantine's starts unknown and learns the answer in an effect, so every
 * transition (each button's spinner, each dialog) was drawn a second time after the first screen
 * (docs/performance.md).
 */
export function useReducedMotion(initialValue?: boolean): boolean {
  return useSyncExternalStore(subscribe, reducedMotion, () => initialValue ?? false);
}
