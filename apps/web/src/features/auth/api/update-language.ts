import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, UpdateLanguageInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { activeLanguage } from '../../../lib/i18n/i18n';
import { ME_QUERY_KEY } from './get-me';

export function updateLanguage(input: UpdateLanguageInput): Promise<Me> {
  return api.post<Me>('/auth/updateLanguage', input);
}

/**
 * Keeps the user's language with their account, so it follows them to every device. The choices go
 * to the server one after the other (one scope), so quick switching back and forth ends with the
 * last choice stored. An answer for a choice the user has already changed again is not shown: the
 * app follows the account's language (useAccountLanguage) and would switch back for a moment.
 */
export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguage,
    scope: { id: 'auth.updateLanguage' },
    onSuccess: (me) => {
      if (me.language === activeLanguage()) queryClient.setQueryData(ME_QUERY_KEY, me);
    },
  });
}
