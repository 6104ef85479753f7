import { useOutletContext } from 'react-router';
import type { Me } from '@rescuedesk/shared';

/** The signed-in user, handed to every page by the shell once /api/auth/me has answered. */
export function useSignedInUser(): Me {
  return useOutletContext<Me>();
}
