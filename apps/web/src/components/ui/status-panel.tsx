import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { usePageHeadingFocus } from './page-heading-focus';

interface StatusPanelProps {
  icon: ReactNode;
  /** Rendered as the page heading when given. */
  title?: string;
  color?: string;
  children: ReactNode;
  action?: ReactNode;
}

/** A calm, centred message in place of a page: access denied, not found, failures. Its title is the page's heading. */
export function StatusPanel({ icon, title, color, children, action }: StatusPanelProps) {
  const headingRef = usePageHeadingFocus<HTMLHeadingElement>();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', xs: 'xl' }}>
      <Stack align="center" gap="sm" ta="center" py="lg">
        <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        {title ? (
          <Title ref={headingRef} order={1} size="h3" tabIndex={-1} data-focus-target>
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
