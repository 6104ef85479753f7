import { lazy, useState, type ComponentType } from 'react';

/** A component whose code comes in a chunk of its own, with a way to fetch that code ahead. */
export type Loadable = ComponentType & { preload: () => Promise<void> };

const noop = () => {};

/**
 * A page whose code comes in a chunk of its own (app/router.tsx), drawn at once if that code has
 * already arrived: React.lazy suspends at its first drawing even then, draws its fallback, and
 * draws the page again once it resumes (docs/performance/2026-11-24.md, "Web, first visit
 * (2026-11-24, night)"). `preload` never fails: a failed download is met, and shown, by the page
 * when it is drawn, as React.lazy asks again.
 */
export function loadable(load: () => Promise<{ default: ComponentType }>): Loadable {
  let loaded: ComponentType | undefined;
  const settle = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(settle);
  function Loadable() {
    // Chosen once for each page drawn: going from Lazy to the page's own component later would
    // mount the page afresh, and lose what was typed in it.
    const [Page] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Page />;
  }
  return Object.assign(Loadable, { preload: () => settle().then(noop, noop) });
}
