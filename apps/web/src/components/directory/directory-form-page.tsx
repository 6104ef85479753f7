import type { FormEvent, ReactNode } from 'react';
import { Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from '../ui/page-title';
import { useNarrowScreen } from '../../hooks/use-narrow-screen';

interface DirectoryFormPageProps {
  /** 'Add Vet' or 'Edit Vet'. */
  title: string;
  /** The list this form belongs to, for the breadcrumb and Cancel. */
  list: { title: string; to: string };
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** 'Save'; the NGO form says 'Add' when adding. */
  submitLabel?: string;
  saving: boolean;
  /** Photos are still uploading: Save waits for them. */
  uploading?: boolean;
  /** The signed-in user may look but not change: no Save. */
  readOnly?: boolean;
  children: ReactNode;
}

/**
 * The frame of every directory form: breadcrumb back to the list, the title, the form's sections,
 * and Save. On a phone Save spans the width at the foot of the form, under the thumb.
 */
export function DirectoryFormPage({ title, list, onSubmit, submitLabel = 'Save', saving, uploading = false, readOnly = false, children }: DirectoryFormPageProps) {
  const narrow = useNarrowScreen();
  return (
    <>
      <Breadcrumbs mb="xs" fz="sm">
        <Anchor component={Link} to={list.to}>
          {list.title}
        </Anchor>
        <Text size="sm" c="dimmed">
          {title}
        </Text>
      </Breadcrumbs>
      <PageTitle>{title}</PageTitle>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md" maw={880}>
          {children}
          {uploading ? (
            <Text size="sm" c="dimmed" role="status" ta="right">
              Waiting for photos to finish uploading…
            </Text>
          ) : null}
          {/* On a phone the buttons stack, Save above Cancel. */}
          <Group justify="flex-end" gap="sm" wrap={narrow ? 'wrap-reverse' : 'nowrap'}>
            <Button component={Link} to={list.to} variant="default" fullWidth={narrow} size={narrow ? 'md' : 'sm'}>
              {readOnly ? 'Back' : 'Cancel'}
            </Button>
            {readOnly ? null : (
              <Button
                type="submit"
                loading={saving}
                disabled={uploading}
                fullWidth={narrow}
                size={narrow ? 'md' : 'sm'}
                miw={narrow ? undefined : 120}
                leftSection={<IconCheck size={18} stroke={1.8} />}
              >
                {submitLabel}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </>
  );
}

interface FormSectionProps {
  title: string;
  description?: string;
  children?: ReactNode;
}

/** One card of a directory form: 'Details', 'Images'. */
export function FormSection({ title, description, children }: FormSectionProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', xs: 'lg' }} component="section" aria-label={title}>
      <Title order={2} size="h4" mb={description ? 4 : 'md'}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mb={children ? 'md' : 0}>
          {description}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}

interface ImagesSectionProps {
  title: string;
  /** The record is saved: its images can be added. */
  saved: boolean;
  /** Says, before the first save, which images can be added once the record is saved. */
  beforeSave: string;
  /** The section's image uploaders. */
  children: ReactNode;
}

/** The images of a record, which are stored under it: before its first save the section only says when they can be added. */
export function ImagesSection({ title, saved, beforeSave, children }: ImagesSectionProps) {
  return saved ? <FormSection title={title}>{children}</FormSection> : <FormSection title={title} description={beforeSave} />;
}
