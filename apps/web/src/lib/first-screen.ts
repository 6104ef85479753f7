/**
 * When the first screen is done: the page has loaded, and the first screen's code and early answers
 * have come and it has been drawn (or it failed, or 15 s went by: main.tsx). What the first screen
 * does not need (the service worker, the toasts' container) waits for it, so that it never competes
 * with the first screen for a phone's network and CPU (docs/performance/2026-11-25.md, "Web, first
 * visit (2026-11-25)"). Until main.tsx says otherwise (in tests), it is now.
 */
let firstScreenDone: Promise<void> = Promise.resolve();

/** main.tsx: `done` settles once the first screen is done. */
export function holdUntilFirstScreen(done: Promise<unknown>): void {
  firstScreenDone = done.then(
    () => undefined,
    () => undefined,
  );
}

export function afterFirstScreen(): Promise<void> {
  return firstScreenDone;
}
