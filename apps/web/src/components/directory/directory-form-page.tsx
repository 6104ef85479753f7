import type { FormEvent, ReactNode } from 'react';
import { Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { MessageKey } from '@rescuedesk/shared';
import { PageTitle } from '../ui/page-title';
import { useNarrowScreen } from '../../hooks/use-narrow-screen';
import { useT } from '../../lib/i18n/use-t';
import classes from './directory.module.css';

/** A directory list, as its forms and record pages lead back to it: its title's key and its path. */
export interface DirectoryListLink {
  titleKey: MessageKey;
  to: string;
}

interface DirectoryFormPageProps {
  /** 'Add Vet' or 'Edit Vet', in the user's language. */
  title: string;
  /** The list this form belongs to, for the breadcrumb and Cancel. */
  list: DirectoryListLink;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** 'Save' unless told otherwise; the NGO form says 'Add' when adding. */
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
export function DirectoryFormPage({ title, list, onSubmit, submitLabel, saving, uploading = false, readOnly = false, children }: DirectoryFormPageProps) {
  const t = useT();
  const narrow = useNarrowScreen();
  return (
    <div className={classes.screen}>
      <Breadcrumbs mb="xs" fz="sm">
        <Anchor component={Link} to={list.to}>
          {t(list.titleKey)}
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
              {t('directory.form.waitingForPhotos')}
            </Text>
          ) : null}
          {/* On a phone the buttons stack, Save above Cancel. */}
          <Group justify="flex-end" gap="sm" wrap={narrow ? 'wrap-reverse' : 'nowrap'}>
            <Button component={Link} to={list.to} variant="default" fullWidth={narrow} size={narrow ? 'md' : 'sm'}>
              {readOnly ? t('directory.form.back') : t('common.cancel')}
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
                {submitLabel ?? t('common.save')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </div>
  );
}

interface FormSectionProps {
  /** Texts in the user's language. */
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
