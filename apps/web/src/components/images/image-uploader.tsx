/**
 * ImageUploader: photos for one image field of a form (case steps, users, NGOs, reporters, vets, sponsors).
 *
 * The form owns the value (stored file names) and saves it with its own mutation; this component only
 * uploads, shows and deletes images and reports the new list through onChange.
 *
 *   // A list field (several images):
 *   <ImageUploader
 *     label="Animal Pictures"
 *     fieldName="AnimalPictures"
 *     ngoId={record.ngoId}
 *     value={form.values.animalPictures}
 *     onChange={(names) => form.setFieldValue('animalPictures', names)}
 *     onUploadingChange={setUploading} // optional: hold the form's save while photos are on their way
 *   />
 *   // A single image:
 *   <ImageUploader multiple={false} label="NGO Logo" fieldName="Logo" ngoId={ngo.id}
 *     value={form.values.logo} onChange={(name) => form.setFieldValue('logo', name)} />
 *
 * What it does: "Take photo" opens the camera (capture="environment"), "Choose from gallery" the
 * phone's pictures; each photo is scaled down in the browser (at most 1600 px, JPEG, within a byte budget: resize-image.ts) and uploaded one
 * after the other with a progress bar; thumbnails open a full-size view; delete asks first, then
 * removes the image for good at once, from the record too (the server does both in one transaction,
 * docs/decisions/009), and drops it from the value. Failures show an error toast with the server's message
 * and leave a row with Retry, so a photo is never silently lost. `ngoId` is the NGO the record belongs
 * to (null: the platform area of an Admin without an NGO).
 *
 * The parts: useUploadQueue (the queue, one upload at a time, retry), PendingUploadRow (a photo on its
 * way), ImageViewer (full size) and ConfirmDialog (delete asks first).
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ActionIcon, Box, Flex, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCamera, IconPhoto, IconTrash } from '@tabler/icons-react';
import { IDENTITY_IMAGE_FIELDS, imageUrl, type ImageFieldName } from '@rescuedesk/shared';
import { ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n/use-t';
import { notifyError } from '../../lib/notify';
import { queuedImageUrl, sendOrQueuePhoto, shownImageName } from '../../lib/offline/queued-images';
import { uploadImageWithProgress } from '../../lib/upload-image';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useDeleteImage } from './delete-image';
import { ImageThumbnail } from './image-thumbnail';
import { ImageViewer } from './image-viewer';
import { PendingUploadRow } from './pending-upload-row';
import { PickPhotosButton } from './pick-photos-button';
import { resizeImage } from './resize-image';
import { useUploadQueue } from './use-upload-queue';
import classes from './image-uploader.module.css';

interface CommonProps {
  /** The visible label; also names the buttons and images for screen readers. */
  label: string;
  fieldName: ImageFieldName;
  ngoId: number | null;
  description?: string;
  /** The most images a list field may hold; adding stops there. */
  maxImages?: number;
  disabled?: boolean;
  /** Matches the label to the form's inputs: 'md' beside size="md" inputs. */
  size?: 'sm' | 'md';
  /** Told when uploads start and finish, so a form can wait before saving. */
  onUploadingChange?: (uploading: boolean) => void;
  /**
   * Told (before onChange) when a stored image was deleted: the server has removed it from the record
   * too (docs/decisions/009), so the form need not save that change.
   */
  onDeleted?: (name: string) => void;
}

interface MultipleProps extends CommonProps {
  multiple?: true;
  value: string[];
  onChange: (next: string[]) => void;
}

interface SingleProps extends CommonProps {
  multiple: false;
  value: string | null;
  onChange: (next: string | null) => void;
}

export type ImageUploaderProps = MultipleProps | SingleProps;

export function ImageUploader(props: ImageUploaderProps) {
  const { label, fieldName, ngoId, description, maxImages, disabled = false, size = 'sm', onUploadingChange } = props;
  const t = useT();
  const multiple = props.multiple !== false;
  const names = props.multiple === false ? (props.value ? [props.value] : []) : props.value;

  const labelId = useId();
  const [viewing, setViewing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const deleteImage = useDeleteImage();

  // The newest list, so uploads finishing back to back each add to what the one before added.
  const namesRef = useRef(names);
  useEffect(() => {
    namesRef.current = names;
  });
  const propsRef = useRef(props);
  useEffect(() => {
    propsRef.current = props;
  });

  const emit = useCallback((next: string[]) => {
    namesRef.current = next;
    const current = propsRef.current;
    if (current.multiple === false) current.onChange(next.at(-1) ?? null);
    else current.onChange(next);
  }, []);

  // Each photo's size before it was resized, to report what queuing it saved.
  const originalBytes = useRef(new WeakMap<File, number>());
  const queue = useUploadQueue({
    prepare: async (file) => {
      const prepared = await resizeImage(file, IDENTITY_IMAGE_FIELDS.includes(fieldName) ? 'document' : 'photo');
      originalBytes.current.set(prepared, file.size);
      return prepared;
    },
    // Offline (or when the upload finds no network) the photo, already resized, waits in the outbox (docs/decisions/012).
    send: (file, { signal, onProgress }) =>
      sendOrQueuePhoto((idempotencyKey) => uploadImageWithProgress({ fieldName, ngoId, file, signal, onProgress, idempotencyKey }), { fieldName, ngoId, file, originalBytes: originalBytes.current.get(file) ?? file.size }),
    onUploaded: (name) => emit(multiple ? [...namesRef.current, name] : [name]),
    onFailed: notifyError,
  });
  const { pending, uploading } = queue;

  useEffect(() => {
    onUploadingChange?.(uploading);
  }, [uploading, onUploadingChange]);

  const add = (files: File[]) => {
    const room = maxImages === undefined || !multiple ? files.length : Math.max(0, maxImages - names.length - pending.length);
    const accepted = (multiple ? files : files.slice(0, 1)).slice(0, room);
    if (accepted.length < files.length && multiple) {
      notifyError(new Error(t('images.tooMany', { label, max: maxImages ?? 0 })));
    }
    queue.add(accepted);
  };

  const forget = (name: string) => {
    propsRef.current.onDeleted?.(name);
    emit(namesRef.current.filter((n) => n !== name));
    setConfirming(null);
    setViewing(null);
  };

  const remove = (name: string) =>
    deleteImage.mutate(
      { ngoId, image: name },
      {
        onSuccess: () => forget(name),
        onError: (error) => {
          // Already gone from the store: the name points at nothing, so drop it from the list too.
          if (error instanceof ApiError && error.status === 404) forget(name);
          else notifyError(error);
        },
      },
    );

  const full = multiple && maxImages !== undefined && names.length + pending.length >= maxImages;
  const addDisabled = disabled || full || (!multiple && uploading);
  // A list field numbers its images (Animal Pictures 2); a single image is named by the label alone.
  const number = (name: string) => names.indexOf(name) + 1;
  const imageName = (name: string) => (multiple ? t('images.numbered', { label, number: number(name) }) : label);

  return (
    <div role="group" aria-labelledby={labelId}>
      <Text id={labelId} component="div" size={size} fw={size === 'md' ? 600 : 500}>
        {label}
      </Text>
      {description ? (
        <Text size={size === 'md' ? 'sm' : 'xs'} c="dimmed">
          {description}
        </Text>
      ) : null}

      {names.length > 0 ? (
        <Group gap="xs" mt="xs">
          {names.map((name) => (
            <Box key={name} pos="relative" className={classes.thumb}>
              <UnstyledButton className={classes.thumbButton} onClick={() => setViewing(name)} aria-label={multiple ? t('images.viewNumbered', { label, number: number(name) }) : t('images.view', { label })}>
                <ImageThumbnail src={queuedImageUrl(name) ?? imageUrl(ngoId, shownImageName(name), 192)} alt={imageName(name)} />
              </UnstyledButton>
              <ActionIcon
                className={`${classes.delete} ${classes.touchTarget}`}
                variant="white"
                color="red"
                radius="xl"
                size={36}
                disabled={disabled}
                onClick={() => setConfirming(name)}
                aria-label={multiple ? t('images.deleteNumbered', { label, number: number(name) }) : t('images.delete', { label })}
              >
                <IconTrash size={18} stroke={1.8} />
              </ActionIcon>
            </Box>
          ))}
        </Group>
      ) : pending.length === 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          {multiple ? t('images.noImages') : t('images.noImage')}
        </Text>
      ) : null}

      {pending.length > 0 ? (
        <Stack gap="xs" mt="xs">
          {pending.map((entry) => (
            <PendingUploadRow key={entry.key} entry={entry} onRetry={queue.retry} onCancel={queue.cancel} />
          ))}
        </Stack>
      ) : null}

      {/* Beside the sidebar (from 501 px) the form can be too narrow for both buttons in a row: they wrap. */}
      <Flex direction={{ base: 'column', xs: 'row' }} wrap={{ base: 'nowrap', xs: 'wrap' }} gap="xs" mt="xs">
        <PickPhotosButton
          icon={<IconCamera size={18} />}
          variant="light"
          capture="environment"
          multiple={false}
          disabled={addDisabled}
          inputLabel={t('images.takePhotoFor', { label })}
          onPick={add}
        >
          {t('images.takePhoto')}
        </PickPhotosButton>
        <PickPhotosButton
          icon={<IconPhoto size={18} />}
          variant="default"
          multiple={multiple}
          disabled={addDisabled}
          inputLabel={t('images.chooseFromGalleryFor', { label })}
          onPick={add}
        >
          {t('images.chooseFromGallery')}
        </PickPhotosButton>
      </Flex>

      <ImageViewer
        src={viewing === null ? null : imageUrl(ngoId, viewing)}
        title={viewing === null ? label : imageName(viewing)}
        disabled={disabled}
        onClose={() => setViewing(null)}
        onDelete={() => setConfirming(viewing)}
      />

      <ConfirmDialog
        opened={confirming !== null}
        title={t('images.confirmDelete.title')}
        message={t('images.confirmDelete.message')}
        confirmLabel={t('common.delete')}
        pending={deleteImage.isPending}
        onConfirm={() => {
          if (confirming) remove(confirming);
        }}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
