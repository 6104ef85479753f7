import { useMutation } from '@tanstack/react-query';
import type { Revealed, RevealInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

/**
 * One masked field of a case or a directory reporter in full (docs/privacy.md#who-sees-what). The server logs who asked.
 * The answer is kept only by the field that asked, never in the query cache that is kept on the device.
 */
export function revealField(input: RevealInput): Promise<Revealed> {
  return api.post<Revealed>('/privacy/reveal', input);
}

export function useRevealField() {
  return useMutation({ mutationFn: revealField });
}
