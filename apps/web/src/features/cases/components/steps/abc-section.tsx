import { useState, type ReactNode } from 'react';
import { Button, Divider, SimpleGrid, Stack } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useT } from '../../../../lib/i18n/use-t';
import type { EditedCase } from '../draft-case';
import classes from './step-fields.module.css';

interface AbcSectionProps {
  caseRecord: EditedCase;
  /** The section's heading, already in the user's language. */
  title: string;
  /** Whether the case already holds a value of the section: it then shows open. */
  filled: boolean;
  children: ReactNode;
}

/**
 * The ABC programme's fields of a step (docs/product.md#abc-programme-records). A sterilisation case
 * shows them; any other case shows one "Show ABC fields" button instead (open once one is filled), so
 * a plain OPD case is recorded exactly as before. The fields are built only once shown.
 */
export function AbcSection({ caseRecord, title, filled, children }: AbcSectionProps) {
  const t = useT();
  const [open, setOpen] = useState(() => caseRecord.type === 'Sterilization' || filled);
  if (!open) {
    return (
      <div>
        <Button variant="subtle" size="md" px={4} leftSection={<IconChevronDown size={18} aria-hidden />} aria-expanded={false} onClick={() => setOpen(true)}>
          {t('cases.abc.show')}
        </Button>
      </div>
    );
  }
  return (
    <Stack gap="md">
      <Divider label={title} labelPosition="left" classNames={{ label: classes.dividerLabel }} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

/** Whether any of the values is filled (a text, a number or a non-empty list). */
export function anyFilled(...values: unknown[]): boolean {
  return values.some((value) => (Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined && value !== ''));
}
