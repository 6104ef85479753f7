import { createContext, useContext, useEffect, useRef } from 'react';

export interface UnsavedChanges {
  /** Adds a form's check of whether it holds unsaved edits; answers the function that removes it. */
  register: (isDirty: () => boolean) => () => void;
  /** Runs `leave` at once when nothing is unsaved; otherwise only once the user chose to discard. */
  confirmLeave: (leave: () => void) => void;
}

export const UnsavedChangesContext = createContext<UnsavedChanges | null>(null);

/**
 * A form with edits not yet saved: leaving the page (a link, the sidebar, back, reload, closing the
 * tab) asks first. `isDirty` is asked at the moment of leaving, not at the last render, so a form
 * that marks itself saved right before moving on (Save & Exit) is let through.
 */
export function useUnsavedChanges(isDirty: () => boolean): void {
  const changes = useContext(UnsavedChangesContext);
  const latest = useRef(isDirty);
  useEffect(() => {
    latest.current = isDirty;
  });

  useEffect(() => {
    const check = () => latest.current();
    // Reload and closing the tab are the browser's to ask about; it shows its own wording.
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!check()) return;
      event.preventDefault();
      // Browsers from before preventDefault() was enough (Chrome before 119) look at returnValue.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const unregister = changes?.register(check);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      unregister?.();
    };
  }, [changes]);
}

/** For actions that leave the signed-in area without a navigation to hold (logging out). */
export function useConfirmLeave(): (leave: () => void) => void {
  const changes = useContext(UnsavedChangesContext);
  return changes ? changes.confirmLeave : (leave) => leave();
}
