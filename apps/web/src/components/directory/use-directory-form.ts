import type { FormEvent } from 'react';
import { useForm, type FormErrors } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useReturnAfterSave } from '../../hooks/use-return-after-save';
import { useValidationAfterSubmit } from '../../hooks/use-validation-after-submit';
import { notifyInvalidForm } from '../../lib/form-validation';
import { notifyError } from '../../lib/notify';
import { useImageFields } from '../images/use-image-fields';
import { useUnsavedChanges } from '../unsaved-changes/use-unsaved-changes';
import type { DirectoryListLink } from './directory-form-page';

/** What the hook needs of a save mutation, e.g. useCreateVet(): a create answers the new record. */
type SaveMutation<Input, Saved> = Pick<UseMutationResult<Saved, Error, Input>, 'mutate' | 'isPending'>;

interface SaveMode<Input, Args extends unknown[], Saved = unknown> {
  /** The page title in this mode, in the user's language: 'Add Vet', 'Edit Vet'. */
  title: string;
  /** The 'Done' toast after a save, in the user's language: 'Vet created successfully'. */
  saved: string;
  mutation: SaveMutation<Input, Saved>;
  /** What is sent, from the form's values (parse them with the shared schema). */
  input: (...args: Args) => Input;
}

interface DirectoryFormOptions<Entity, Values, CreateInput, UpdateInput> {
  /** The record being edited; undefined when adding. */
  record: Entity | undefined;
  /** The list the form returns to after a save, and its breadcrumb and Cancel lead to. */
  list: DirectoryListLink;
  initialValues: Values;
  /** The form's checks (formRules); built once, outside the component, so it stays stable. */
  validate: (values: Values) => FormErrors;
  /** The NGO the record's images are stored under (null: the platform area). */
  ngoId: number | null;
  create: SaveMode<CreateInput, [values: Values], { id: number }>;
  update: SaveMode<UpdateInput, [values: Values, record: Entity]>;
}

/**
 * Everything a directory form (user, NGO, reporter, vet, sponsor) shares: its form, its image fields
 * and its save. Errors show from the first submit on; a refused submit shows the 'Please fill
 * Required Details' toast or names the field to fix, and sends nothing. Save creates or updates the
 * record and shows the 'Done' toast: a new record then opens in edit mode (`?id=`), where its images
 * can be added at once; an existing one returns to the list 800 ms later. A failure shows the
 * server's message in the closable 'Error' toast and keeps what was typed. Edits not yet saved, or
 * photos still uploading, make leaving the page ask first. Spread `frame` into <DirectoryFormPage>;
 * the form itself keeps only its fields.
 */
export function useDirectoryForm<Entity, Values extends object, CreateInput, UpdateInput>({
  record,
  list,
  initialValues,
  validate,
  ngoId,
  create,
  update,
}: DirectoryFormOptions<Entity, Values, CreateInput, UpdateInput>) {
  const form = useForm<Values>({ initialValues, validate });
  const { markSubmitted } = useValidationAfterSubmit(form);
  const { pathname } = useLocation();
  const { saved, created, returning } = useReturnAfterSave(list.to, form);
  const images = useImageFields(form, ngoId);
  useUnsavedChanges(() => form.isDirty() || images.uploading);

  const submit = form.onSubmit((values) => {
    if (record === undefined) {
      create.mutation.mutate(create.input(values), { onSuccess: (record) => created(create.saved, `${pathname}?id=${record.id}`), onError: notifyError });
    } else {
      update.mutation.mutate(update.input(values, record), { onSuccess: () => saved(update.saved), onError: notifyError });
    }
  }, notifyInvalidForm);

  return {
    form,
    images,
    /** The props of the form's <DirectoryFormPage>. */
    frame: {
      title: record === undefined ? create.title : update.title,
      list,
      saving: create.mutation.isPending || update.mutation.isPending || returning,
      uploading: images.uploading,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        markSubmitted();
        submit(event);
      },
    },
  };
}
