import { Button, Flex, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { Link } from 'react-router';
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
  return (
    <div>
      {uploading ? (
        <Text size="sm" c="dimmed" mb="xs" role="status">
          Waiting for photos to finish uploading…
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
              Save &amp; Next
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
            Save &amp; Exit
          </Button>
        </Flex>
        <Flex direction={{ base: 'column', xs: 'row' }} gap="sm">
          <Button size="md" variant="default" leftSection={<IconArrowLeft size={18} />} disabled={isFirst} onClick={onPrevious}>
            Previous
          </Button>
          {/* Leaving now would cancel the uploads; the note above says why it waits. */}
          <Button component={Link} to="/dashboard" size="md" variant="subtle" color="gray" disabled={uploading}>
            Exit
          </Button>
        </Flex>
      </Flex>
    </div>
  );
}
