import { useEffect, useRef, useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { useNavigate } from 'react-router';
import { TOAST_MS, notifySuccess } from '../lib/notify';

/**
 * What a directory form does once the server accepted a save. The form counts as saved from then
 * on, so moving on does not ask about unsaved changes.
 * - `saved` (an existing record): docs/product.md#directory-records, the 'Done' toast shows and, 800 ms later, the app
 *   goes back to the list. `returning` keeps the Save button busy meanwhile, so nothing is sent twice.
 * - `created` (a new record): the 'Done' toast shows and the new record opens at once in edit mode
 *   (`?id=`), in place of the empty form, so its documents can be added straight away (issue 15).
 */
export function useReturnAfterSave<Values>(listPath: string, form: Pick<UseFormReturnType<Values>, 'resetDirty'>) {
  const navigate = useNavigate();
  const [returning, setReturning] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const saved = (message: string) => {
    form.resetDirty();
    notifySuccess(message);
    setReturning(true);
    timer.current = window.setTimeout(() => void navigate(listPath), TOAST_MS.success);
  };

  /** `recordPath` is the form's own address with the new record's id: '/vet/addvet?id=7'. */
  const created = (message: string, recordPath: string) => {
    form.resetDirty();
    notifySuccess(message);
    // Replacing the empty form: Back then returns to the list, not to a blank form.
    void navigate(recordPath, { replace: true });
  };

  return { saved, created, returning };
}
