import { Button, Flex, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../../../lib/i18n/use-t';
import type { SaveIntent } from './step-navigation';

interface StepActionsProps {
  isFirst: boolean;
  isLast: boolean;
  saving: boolean;
  /** Photos still uploading: saving now would leave them out, so it waits. */
  uploading: boolean;
  onPrevious: () => void;
  onIntent: (intent: SaveIntent) => void;
}

/**
 * Previous, Exit, Save & Exit and Save & Next (the last step has no Save & Next). On a phone they
 * stack full width with the main action first; Enter in a field means the main action.
 */
export function StepActions({ isFirst, isLast, saving, uploading, onPrevious, onIntent }: StepActionsProps) {
  const t = useT();
  return (
    <div>
      {uploading ? (
        <Text size="sm" c="dimmed" mb="xs" role="status">
          {t('cases.step.waitingForUploads')}
        </Text>
      ) : null}
      <Flex direction={{ base: 'column', xs: 'row-reverse' }} justify="space-between" gap="sm">
        <Flex direction={{ base: 'column', xs: 'row-reverse' }} gap="sm">
          {isLast ? null : (
            <Button
              type="submit"
              size="md"
              rightSection={<IconArrowRight size={18} />}
              loading={saving}
              disabled={uploading}
              onClick={() => onIntent('next')}
            >
              {t('common.saveAndNext')}
            </Button>
          )}
          <Button
            type="submit"
            size="md"
            variant={isLast ? 'filled' : 'light'}
            leftSection={<IconDeviceFloppy size={18} />}
            loading={saving}
            disabled={uploading}
            onClick={() => onIntent('exit')}
          >
            {t('common.saveAndExit')}
          </Button>
        </Flex>
        <Flex direction={{ base: 'column', xs: 'row' }} gap="sm">
          <Button size="md" variant="default" leftSection={<IconArrowLeft size={18} />} disabled={isFirst} onClick={onPrevious}>
            {t('common.previous')}
          </Button>
          {/* Leaving now would cancel the uploads; the note above says why it waits. */}
          <Button component={Link} to="/dashboard" size="md" variant="subtle" color="gray" disabled={uploading}>
            {t('common.exit')}
          </Button>
        </Flex>
      </Flex>
    </div>
  );
}
