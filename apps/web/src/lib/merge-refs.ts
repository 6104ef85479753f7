import type { Ref, RefCallback } from 'react';
import { useMergedRef } from '@mantine/hooks';

/**
 * floating-ui's `useMergeRefs` for Mantine's ScrollArea, the one thing it takes from floating-ui.
 * The build hands it this module (vite.config.ts, scrollAreaWithoutFloatingUi), so that the shell
 * and the dashboard's table, which draw a ScrollArea, do not download floating-ui and Mantine's
 * pop-ups with it (docs/performance/2026-11-24.md, "Web, first visit (2026-11-24, late night)").
 * Same contract: one ref that sets every ref given.
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>): RefCallback<T> {
  return useMergedRef<T>(...refs);
}
