import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RetentionInput, RetentionPreview } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

export const RETENTION_QUERY_KEY = ['privacy', 'retention'] as const;

export function getRetentionPreview(input: RetentionInput): Promise<RetentionPreview> {
  return api.post<RetentionPreview>('/privacy/getRetentionPreview', input);
}

export function retentionPreviewQueryOptions(input: RetentionInput, enabled = true) {
  return queryOptions({ queryKey: [...RETENTION_QUERY_KEY, input], queryFn: () => getRetentionPreview(input), enabled });
}

/** What the next retention run would anonymise (docs/privacy.md#how-long), masked. */
export function useRetentionPreview(input: RetentionInput, enabled = true) {
  return useQuery(retentionPreviewQueryOptions(input, enabled));
}
