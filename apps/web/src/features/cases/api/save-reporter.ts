import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReporterInput, Reporter } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { REPORTER_DIRECTORY_KEY, findReporters } from './find-reporters';
import type { Keyed } from './idempotency';

const digits = (phone: string) => phone.replace(/\D/g, '');

/**
 * Saves the reporter typed into a case to the directory, unless the directory already holds them
 * (the same name and phone number): then that record is the answer and nothing is written.
 */
export async function saveReporter({ input, idempotencyKey }: Keyed<CreateReporterInput>): Promise<{ reporter: Reporter; created: boolean }> {
  const known = await findReporters(input.contact, input.ngoId ?? null);
  const same = known.find((r) => digits(r.contact) === digits(input.contact) && r.name.trim().toLowerCase() === input.name.trim().toLowerCase());
  if (same) return { reporter: same, created: false };
  const reporter = await api.post<Reporter>('/reporter/createReporter', input, { idempotencyKey });
  return { reporter, created: true };
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
