import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * A dialog or drawer drawn only from the first time it opens, not closed on every screen: each
 * closed Mantine dialog still drew a portal into the page, and drew again right after the first
 * screen, before it could be used (docs/performance/2026-11-25.md, "Web, first visit
 * (2026-11-25)"). `drawn`: whether to draw it; `opened`: what to give its `opened`. The first time,
 * it is drawn closed and opened a frame later, so that Mantine notes what had the focus (it does so
 * on a change of `opened`, in an effect that must run before its focus trap moves the focus into
 * the dialog: hence flushSync) and gives it back on closing.
 */
export function useDrawnOnceOpened(opened: boolean): { drawn: boolean; opened: boolean } {
  // 0: never opened, not drawn; 1: drawn closed, opening next; 2: drawn, opened as asked.
  const [stage, setStage] = useState<0 | 1 | 2>(opened ? 1 : 0);
  if (stage === 0 && opened) setStage(1);
  useEffect(() => {
    if (stage !== 1) return undefined;
    const frame = requestAnimationFrame(() => flushSync(() => setStage(2)));
    return () => cancelAnimationFrame(frame);
  }, [stage]);
  return { drawn: stage > 0, opened: stage === 2 && opened };
}
