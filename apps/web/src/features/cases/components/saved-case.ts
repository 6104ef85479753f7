import { useLocation } from 'react-router';

/** What the case page tells the dashboard when it returns there: which case was just saved. */
export interface SavedCaseState {
  savedCaseId: number;
}

export function savedCaseState(savedCaseId: number): SavedCaseState {
  return { savedCaseId };
}

/** The case the user just finished on the case page (the dashboard highlights it), if any. */
export function useSavedCaseId(): number | null {
  const { state } = useLocation();
  const id: unknown = typeof state === 'object' && state !== null && 'savedCaseId' in state ? state.savedCaseId : null;
  return typeof id === 'number' ? id : null;
}
