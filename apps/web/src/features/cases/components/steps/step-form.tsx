import type { FormEvent, ReactNode } from 'react';
import { Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { useT } from '../../../../lib/i18n/use-t';
import { roleLabel } from '../option-data';
import { StepActions } from './step-actions';
import type { SaveIntent, StepNavigation } from './step-navigation';

interface StepFormProps {
  /** Who saved this step last (the role, as the spec keeps it). */
  lastModifiedBy: string | null;
  navigation: StepNavigation;
  saving: boolean;
  uploading: boolean;
  onIntent: (intent: SaveIntent) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The step's fields, laid out in a responsive grid. */
  fields: ReactNode;
  /** The step's image uploaders, under their own heading. */
  photos?: ReactNode;
}

/** The frame every step shares: its fields, its photos and the step buttons. */
export function StepForm({ lastModifiedBy, navigation, saving, uploading, onIntent, onSubmit, fields, photos }: StepFormProps) {
  const t = useT();
  const { number, count } = navigation;
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {lastModifiedBy
            ? t('cases.step.positionSaved', { number, count, name: roleLabel(t, lastModifiedBy) })
            : t('cases.step.positionNew', { number, count })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
          {fields}
        </SimpleGrid>
        {photos ? (
          <>
            <Divider label={t('cases.step.photos')} labelPosition="left" />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
              {photos}
            </SimpleGrid>
          </>
        ) : null}
        <Divider />
        <StepActions
          isFirst={navigation.isFirst}
          isLast={navigation.isLast}
          saving={saving}
          uploading={uploading}
          onPrevious={navigation.onPrevious}
          onIntent={onIntent}
        />
      </Stack>
    </form>
  );
}
