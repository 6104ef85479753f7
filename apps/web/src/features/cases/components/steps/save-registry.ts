import { createContext, useContext, useEffect, useRef, type RefObject } from 'react';
import type { CaseStep } from '@rescuedesk/shared';

/** How a mounted step takes part in the page's save (the page saves the card and every edited step at once). */
export interface StepPart {
  step: CaseStep;
  /** Whether the step holds edits not saved yet. */
  isDirty: () => boolean;
  /**
   * Whether the step was never saved and shows the usual answers for the animal (docs/product.md,
   * "Defaults"): saving while it is the open step confirms them, so they are sent though unchanged.
   */
  confirmsDefaults: () => boolean;
  /** Checks the step, showing each problem at its field: whether it may be saved, and whether a required field is empty. */
  validate: () => { valid: boolean; requiredMissing: boolean };
  /** The form's values now: what a save sends, and what counts as saved once it went through. */
  snapshot: () => Record<string, unknown>;
  /** What to send for those values: the checked fields that differ from the stored step (an emptied one as null). */
  changesOf: (snapshot: Record<string, unknown>) => Record<string, unknown>;
  /** The save of these values went through: they are the step's saved state. */
  markSaved: (snapshot: Record<string, unknown>) => void;
  /** The element around the step's fields, to find its first invalid field. */
  element: () => HTMLElement | null;
  /** The server refused the step's save: shows its message at the field it names, answering whether one did. */
  showServerError: (error: unknown) => boolean;
}

/**
 * A form that saves on its own but is part of the page's work, like a day of the post-operative log
 * being typed: the page's Save and Save & Exit save it too, after the steps, so nothing typed is lost.
 */
export interface EntryPart {
  /** The step it is shown in. */
  step: CaseStep;
  /** Whether it holds edits not saved yet. */
  isDirty: () => boolean;
  /** Whether a photo of it is still uploading: saving waits for it. */
  uploading: () => boolean;
  /** Checks it, showing each problem at its field: whether it may be saved. */
  validate: () => boolean;
  /** The element around its fields, to find its first invalid field. */
  element: () => HTMLElement | null;
  /** The server refused its save: shows its message at the field it names, answering whether one did. */
  showServerError: (error: unknown) => boolean;
  /** Saves what it holds now: false when its values were refused at their fields (nothing sent); rejects with the server's refusal. */
  save: () => Promise<boolean>;
}

export interface CaseSave {
  /** Adds a mounted step; answers the function that removes it. */
  register: (part: StepPart) => () => void;
  /** Adds a mounted entry form (a day of the log being typed); answers the function that removes it. */
  registerEntry: (entry: EntryPart) => () => void;
  /** A step's photos started or finished uploading: saving waits for them. */
  reportUploading: (step: CaseStep, uploading: boolean) => void;
  /** Enter in a step's field: the page's main action (Save & Next, or Save & Exit on the last step). */
  submit: () => void;
  /** True while the page replaces its own address after creating its case: no form counts as unsaved then. */
  quiet: RefObject<boolean>;
}

export const CaseSaveContext = createContext<CaseSave | null>(null);

export function useCaseSave(): CaseSave {
  const save = useContext(CaseSaveContext);
  if (!save) throw new Error('A case step must be rendered inside the case page (CaseSaveContext).');
  return save;
}

/** Registers a step with the page's save for as long as it is mounted; `part` is read fresh at every call. */
export function useRegisterStep(part: StepPart): void {
  const { register } = useCaseSave();
  const latest = useRef(part);
  useEffect(() => {
    latest.current = part;
  });
  const step = part.step;
  useEffect(
    () =>
      register({
        step,
        isDirty: () => latest.current.isDirty(),
        confirmsDefaults: () => latest.current.confirmsDefaults(),
        validate: () => latest.current.validate(),
        snapshot: () => latest.current.snapshot(),
        changesOf: (snapshot) => latest.current.changesOf(snapshot),
        markSaved: (snapshot) => latest.current.markSaved(snapshot),
        element: () => latest.current.element(),
        showServerError: (error) => latest.current.showServerError(error),
      }),
    [register, step],
  );
}

/** Registers an entry form with the page's save for as long as it is mounted; `entry` is read fresh at every call. */
export function useRegisterEntry(entry: EntryPart): void {
  const { registerEntry } = useCaseSave();
  const latest = useRef(entry);
  useEffect(() => {
    latest.current = entry;
  });
  useEffect(
    () =>
      registerEntry({
        step: latest.current.step,
        isDirty: () => latest.current.isDirty(),
        uploading: () => latest.current.uploading(),
        validate: () => latest.current.validate(),
        element: () => latest.current.element(),
        showServerError: (error) => latest.current.showServerError(error),
        save: () => latest.current.save(),
      }),
    [registerEntry],
  );
}
