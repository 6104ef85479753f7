import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction, type Location } from 'react-router';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { UnsavedChangesContext, type UnsavedChanges } from './use-unsaved-changes';

/**
 * Whether a navigation leaves what the user is editing. Another step of the same case (?step=)
 * does not: every step stays mounted with what was typed. Another path or another record (?id=)
 * does. The login page is reached only when the session is over (sign-out, or a 401), when
 * nothing can be saved any more, so it is never held.
 */
function leavesPage(current: Location, next: Location): boolean {
  if (next.pathname === '/') return false;
  const recordOf = (location: Location) => new URLSearchParams(location.search).get('id');
  return current.pathname !== next.pathname || recordOf(current) !== recordOf(next);
}

/**
 * One guard for the signed-in area (a router allows one blocker): forms register through
 * useUnsavedChanges, and leaving while any of them holds unsaved edits asks 'Discard unsaved
 * changes?' with Stay and Discard.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const checks = useRef(new Set<() => boolean>());
  const [pendingLeave, setPendingLeave] = useState<{ leave: () => void } | null>(null);

  const anyUnsaved = useCallback(() => [...checks.current].some((isDirty) => isDirty()), []);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => leavesPage(currentLocation, nextLocation) && anyUnsaved(),
    [anyUnsaved],
  );
  const blocker = useBlocker(shouldBlock);

  const changes = useMemo<UnsavedChanges>(
    () => ({
      register: (isDirty) => {
        checks.current.add(isDirty);
        return () => {
          checks.current.delete(isDirty);
        };
      },
      confirmLeave: (leave) => {
        if (anyUnsaved()) setPendingLeave({ leave });
        else leave();
      },
    }),
    [anyUnsaved],
  );

  const stay = () => {
    if (blocker.state === 'blocked') blocker.reset();
    setPendingLeave(null);
  };
  const discard = () => {
    if (blocker.state === 'blocked') blocker.proceed();
    pendingLeave?.leave();
    setPendingLeave(null);
  };

  return (
    <UnsavedChangesContext.Provider value={changes}>
      {children}
      <ConfirmDialog
        opened={blocker.state === 'blocked' || pendingLeave !== null}
        title={t('unsaved.title')}
        message={t('unsaved.message')}
        cancelLabel={t('unsaved.stay')}
        confirmLabel={t('unsaved.discard')}
        onCancel={stay}
        onConfirm={discard}
      />
    </UnsavedChangesContext.Provider>
  );
}
