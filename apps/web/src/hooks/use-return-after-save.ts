import { useEffect, useRef, useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { useNavigate } from 'react-router';
import { TOAST_MS, notifySuccess } from '../lib/notify';

/**
 * Spec section 4: after a successful save the 'Done' toast shows and, 800 ms later, the app goes
 * back to the list. `returning` keeps the Save button busy meanwhile, so nothing is sent twice.
 * The form counts as saved from then on, so going back does not ask about unsaved changes.
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
  return { saved, returning };
}
