import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface StatusPanelProps {
  icon: ReactNode;
  /** Rendered as the page heading when given. */
  title?: string;
  color?: string;
  children: ReactNode;
  action?: ReactNode;
}

/** A calm, centred message in place of a page: coming soon, access denied, not found, failures. */
export function StatusPanel({ icon, title, color, children, action }: StatusPanelProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', xs: 'xl' }}>
      <Stack align="center" gap="sm" ta="center" py="lg">
        <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        {title ? (
          <Title order={1} size="h3">
            {title}
          </Title>
        ) : null}
        <Text c="dimmed" maw={420}>
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
