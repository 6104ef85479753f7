import { Group, Stack, Text } from '@mantine/core';
import { imageUrl, type ReportAddition, type Translate } from '@rescuedesk/shared';
import { ImageThumbnail } from './image-thumbnail';

/**
 * What a citizen reporter added from the tracking page while the report was open
 * (docs/citizen-reports.md#adding-to-a-report): each comment as the text typed, each photo, and when.
 * Shown under the report in Public reports and on the case the report became or joined. Kept with
 * the image components (the 'editing' chunk, with the thumbnail it draws): in the app's shared chunk
 * it would bring that chunk, and zod, to the dashboard.
 */
export function ReportAdditionsList({ additions, ngoId, title, t }: { additions: readonly ReportAddition[]; ngoId: number; title: string; t: Translate }) {
  if (additions.length === 0) return null;
  const when = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <Stack gap={4} mt="sm" component="section" aria-label={title}>
      <Text size="sm" fw={700}>
        {title}
      </Text>
      {additions.map((addition) => (
        <Stack key={addition.id} gap={2} pl="xs" style={{ borderLeft: '3px solid var(--mantine-color-teal-7)' }}>
          <Text size="xs" c="dimmed">
            <time dateTime={addition.at}>{when(addition.at)}</time>
          </Text>
          {addition.comment ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {addition.comment}
            </Text>
          ) : null}
          {addition.photo ? (
            <Group gap="xs">
              <div style={{ width: 96, height: 96 }}>
                <ImageThumbnail src={imageUrl(ngoId, addition.photo, 192)} alt={t('citizen.add.photoAdded')} />
              </div>
            </Group>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}
