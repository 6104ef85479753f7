import { Anchor, Button, List, Paper, Text } from '@mantine/core';
import type { DuplicateSuggestion, Translate } from '@rescuedesk/shared';
import { Link } from 'react-router';

/** Why a suggestion is made: how far, how long apart, and how alike the photos are. */
export function suggestionReason(t: Translate, suggestion: DuplicateSuggestion): string {
  const parts = [t('citizen.duplicates.distance', { metres: suggestion.distanceM }), t('citizen.duplicates.hoursApart', { hours: suggestion.hoursApart })];
  parts.push(suggestion.photoLikeness === null ? t('citizen.duplicates.noPhotos') : t('citizen.duplicates.photoLikeness', { percent: suggestion.photoLikeness }));
  return parts.join(' · ');
}

/**
 * Open cases and untriaged reports that may be the same animal (docs/citizen-reports.md#duplicate-suggestions),
 * the likeliest first, each saying why; a case opens from its link. Nothing when there are none.
 */
export function DuplicateList({
  suggestions,
  headingId,
  t,
  onMerge,
  merging = null,
}: {
  suggestions: readonly DuplicateSuggestion[] | undefined;
  headingId: string;
  t: Translate;
  /** Offered beside each case: the report is merged into it (at triage). */
  onMerge?: (caseId: number) => void;
  /** The case a merge is on its way into. */
  merging?: number | null;
}) {
  if (!suggestions || suggestions.length === 0) return null;
  return (
    <Paper withBorder radius="sm" p="xs" mt="sm" bg="var(--mantine-color-yellow-light)" component="section" aria-labelledby={headingId}>
      <Text fw={600} size="sm" id={headingId}>
        {t('citizen.duplicates.title')}
      </Text>
      <List size="sm" spacing={4} mt={4}>
        {suggestions.map((suggestion) => (
          <List.Item key={`${suggestion.kind}-${suggestion.id}`}>
            {suggestion.kind === 'case' ? (
              <Anchor component={Link} to={`/dashboard/case?id=${suggestion.id}`} size="sm">
                {t('citizen.duplicates.case', { id: suggestion.id })}
              </Anchor>
            ) : (
              <Text span size="sm" fw={600}>
                {t('citizen.duplicates.report', { code: suggestion.code ?? '' })}
              </Text>
            )}
            <Text size="xs">{suggestionReason(t, suggestion)}</Text>
            {onMerge && suggestion.kind === 'case' ? (
              <Button size="compact-md" variant="light" mt={4} loading={merging === suggestion.id} disabled={merging !== null && merging !== suggestion.id} onClick={() => onMerge(suggestion.id)}>
                {t('citizen.duplicates.merge', { id: suggestion.id })}
              </Button>
            ) : null}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
