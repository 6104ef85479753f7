import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReporterInput, SavedReporter } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { REPORTER_DIRECTORY_KEY } from './find-reporters';
import type { Keyed } from './idempotency';

/**
 * Saves the reporter typed into a case to the directory, unless the directory already holds them
 * (the same name and phone number, which the server checks): then that record is the answer and
 * nothing is written.
 */
export function saveReporter({ input, idempotencyKey }: Keyed<CreateReporterInput>): Promise<SavedReporter> {
  return api.post<SavedReporter>('/reporter/saveFromCase', input, { idempotencyKey });
}

/** "Save to reporters" on the case page's reporter step. */
export function useSaveReporter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReporter,
    // The directory's lists and the typeahead's matches both sit under its key.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPORTER_DIRECTORY_KEY }),
  });
}
