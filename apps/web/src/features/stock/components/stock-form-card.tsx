import { Group, Paper, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { RefusalAlert } from '../../../components/ui/refusal-alert';

/**
 * The frame of the Stock page's office forms (add, receive, adjust, correct): a card that is the
 * form, named by its title, its fields wrapping on a phone, and the server's refusal under them.
 */
export function StockFormCard({ id, title, hint, onSubmit, error, children }: { id: string; title: string; hint?: string; onSubmit: (event?: FormEvent<HTMLFormElement>) => void; error: Error | null; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" component="form" onSubmit={onSubmit} aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb={hint ? 4 : 'xs'}>
        {title}
      </Title>
      {hint ? (
        <Text size="sm" c="dimmed" mb="xs">
          {hint}
        </Text>
      ) : null}
      <Group align="flex-end" gap="sm" wrap="wrap">
        {children}
      </Group>
      <RefusalAlert error={error} />
    </Paper>
  );
}
