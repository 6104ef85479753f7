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
 * phone's pictures; each photo is scaled down in the browser (at most 1600 px, JPEG) and uploaded one
 * after the other with a progress bar; thumbnails open a full-size view; delete asks first, removes the
 * stored image, then drops it from the value. Failures show an error toast with the server's message
 * and leave a row with Retry, so a photo is never silently lost. `ngoId` is the NGO the record belongs
 * to (null: the platform area of an Admin without an NGO).
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Center,
  Flex,
  Group,
  Image,
  Modal,
  Paper,
  Progress,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconCamera, IconPhoto, IconPhotoOff, IconRefresh, IconTrash, IconX } from '@tabler/icons-react';
import { imageUrl, type ImageFieldName } from '@rescuedesk/shared';
import { ApiError } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import { uploadImageWithProgress } from '../../lib/upload-image';
import { useDeleteImage } from './delete-image';
import { resizeImage } from './resize-image';
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

type UploadState = 'waiting' | 'resizing' | 'uploading' | 'failed';

interface PendingUpload {
  key: number;
  file: File;
  state: UploadState;
  progress: number;
  error?: string;
}

const STATE_TEXT: Record<UploadState, string> = {
  waiting: 'Waiting…',
  resizing: 'Preparing…',
  uploading: 'Uploading…',
  failed: 'Upload failed',
};

const MODAL_STYLES = { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } };

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function ImageUploader(props: ImageUploaderProps) {
  const { label, fieldName, ngoId, description, maxImages, disabled = false, size = 'sm', onUploadingChange } = props;
  const multiple = props.multiple !== false;
  const names = props.multiple === false ? (props.value ? [props.value] : []) : props.value;

  const labelId = useId();
  const [pending, setPending] = useState<PendingUpload[]>([]);
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

  const queue = useRef<Promise<void>>(Promise.resolve());
  const controllers = useRef(new Map<number, AbortController>());
  const nextKey = useRef(1);

  useEffect(
    () => () => {
      for (const controller of controllers.current.values()) controller.abort();
    },
    [],
  );

  const uploading = pending.some((p) => p.state !== 'failed');
  useEffect(() => {
    onUploadingChange?.(uploading);
  }, [uploading, onUploadingChange]);

  const update = (key: number, change: Partial<PendingUpload>) =>
    setPending((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const run = async (key: number, file: File) => {
    const controller = controllers.current.get(key);
    if (!controller || controller.signal.aborted) return;
    try {
      update(key, { state: 'resizing', progress: 0, error: undefined });
      const resized = await resizeImage(file);
      update(key, { state: 'uploading' });
      const name = await uploadImageWithProgress({
        fieldName,
        ngoId,
        file: resized,
        signal: controller.signal,
        onProgress: (progress) => update(key, { progress }),
      });
      controllers.current.delete(key);
      setPending((list) => list.filter((p) => p.key !== key));
      emit(multiple ? [...namesRef.current, name] : [name]);
    } catch (error) {
      if (isAbort(error)) {
        controllers.current.delete(key);
        setPending((list) => list.filter((p) => p.key !== key));
        return;
      }
      update(key, { state: 'failed', error: error instanceof Error ? error.message : undefined });
      notifyError(error);
    }
  };

  const enqueue = (key: number, file: File) => {
    controllers.current.set(key, new AbortController());
    queue.current = queue.current.then(() => run(key, file));
  };

  const add = (files: File[]) => {
    const room = maxImages === undefined || !multiple ? files.length : Math.max(0, maxImages - names.length - pending.length);
    const accepted = (multiple ? files : files.slice(0, 1)).slice(0, room);
    if (accepted.length < files.length && multiple) {
      notifyError(new Error(`${label} can hold at most ${maxImages} images.`));
    }
    const entries = accepted.map((file) => ({ key: nextKey.current++, file, state: 'waiting' as const, progress: 0 }));
    setPending((list) => [...list, ...entries]);
    for (const entry of entries) enqueue(entry.key, entry.file);
  };

  const retry = (entry: PendingUpload) => {
    update(entry.key, { state: 'waiting', progress: 0, error: undefined });
    enqueue(entry.key, entry.file);
  };

  const cancel = (key: number) => {
    const controller = controllers.current.get(key);
    if (controller) controller.abort();
    controllers.current.delete(key);
    setPending((list) => list.filter((p) => p.key !== key));
  };

  const remove = (name: string) =>
    deleteImage.mutate(
      { ngoId, image: name },
      {
        onSuccess: () => {
          emit(namesRef.current.filter((n) => n !== name));
          setConfirming(null);
          setViewing(null);
        },
        onError: (error) => {
          // Already gone from the store: the name points at nothing, so drop it from the list too.
          if (error instanceof ApiError && error.status === 404) {
            emit(namesRef.current.filter((n) => n !== name));
            setConfirming(null);
            setViewing(null);
            return;
          }
          notifyError(error);
        },
      },
    );

  const full = multiple && maxImages !== undefined && names.length + pending.length >= maxImages;
  const addDisabled = disabled || full || (!multiple && uploading);
  const position = (name: string) => (multiple ? ` ${names.indexOf(name) + 1}` : '');

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
          {names.map((name, index) => (
            <Box key={name} pos="relative" className={classes.thumb}>
              <UnstyledButton
                className={classes.thumbButton}
                onClick={() => setViewing(name)}
                aria-label={`View ${label} image${multiple ? ` ${index + 1}` : ''} full size`}
              >
                <Thumbnail src={imageUrl(ngoId, name, 192)} alt={`${label}${multiple ? ` ${index + 1}` : ''}`} />
              </UnstyledButton>
              <ActionIcon
                className={classes.delete}
                variant="white"
                color="red"
                radius="xl"
                size={36}
                disabled={disabled}
                onClick={() => setConfirming(name)}
                aria-label={`Delete ${label} image${multiple ? ` ${index + 1}` : ''}`}
              >
                <IconTrash size={18} stroke={1.8} />
              </ActionIcon>
            </Box>
          ))}
        </Group>
      ) : pending.length === 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          {multiple ? 'No images yet.' : 'No image yet.'}
        </Text>
      ) : null}

      {pending.length > 0 ? (
        <Stack gap="xs" mt="xs">
          {pending.map((entry) => (
            <Paper key={entry.key} withBorder p="xs" radius="md">
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Box miw={0} flex={1}>
                  <Text size="sm" truncate>
                    {entry.file.name}
                  </Text>
                  <Text size="xs" c={entry.state === 'failed' ? 'red' : 'dimmed'} lineClamp={2}>
                    {entry.state === 'failed' && entry.error ? entry.error : STATE_TEXT[entry.state]}
                  </Text>
                </Box>
                {entry.state === 'failed' ? (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="light" size={40} onClick={() => retry(entry)} aria-label={`Retry uploading ${entry.file.name}`}>
                      <IconRefresh size={20} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="gray" size={40} onClick={() => cancel(entry.key)} aria-label={`Dismiss ${entry.file.name}`}>
                      <IconX size={20} />
                    </ActionIcon>
                  </Group>
                ) : (
                  <ActionIcon variant="subtle" color="gray" size={40} onClick={() => cancel(entry.key)} aria-label={`Cancel uploading ${entry.file.name}`}>
                    <IconX size={20} />
                  </ActionIcon>
                )}
              </Group>
              {entry.state !== 'failed' ? (
                <Progress
                  mt={6}
                  size="md"
                  value={Math.round(entry.progress * 100)}
                  animated={entry.state !== 'waiting'}
                  aria-label={`Uploading ${entry.file.name}`}
                />
              ) : null}
            </Paper>
          ))}
        </Stack>
      ) : null}

      <Flex direction={{ base: 'column', xs: 'row' }} gap="xs" mt="xs">
        <PickButton
          icon={<IconCamera size={18} />}
          variant="light"
          capture="environment"
          multiple={false}
          disabled={addDisabled}
          inputLabel={`Take photo for ${label}`}
          onPick={add}
        >
          Take photo
        </PickButton>
        <PickButton
          icon={<IconPhoto size={18} />}
          variant="default"
          multiple={multiple}
          disabled={addDisabled}
          inputLabel={`Choose ${label} from gallery`}
          onPick={add}
        >
          Choose from gallery
        </PickButton>
      </Flex>

      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title={viewing ? `${label}${position(viewing)}` : label} size="xl" centered styles={MODAL_STYLES}>
        {viewing ? (
          <Stack gap="md">
            <Image src={imageUrl(ngoId, viewing)} alt={`${label}${position(viewing)}, full size`} fit="contain" mah="70dvh" radius="sm" />
            <Flex direction={{ base: 'column-reverse', xs: 'row' }} gap="xs" justify="flex-end">
              <Button variant="default" size="md" onClick={() => setViewing(null)}>
                Close
              </Button>
              <Button color="red" variant="light" size="md" leftSection={<IconTrash size={18} />} disabled={disabled} onClick={() => setConfirming(viewing)}>
                Delete image
              </Button>
            </Flex>
          </Stack>
        ) : null}
      </Modal>

      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Delete image?" centered size="sm" styles={MODAL_STYLES}>
        <Text size="sm">This removes the image for good. Save the form afterwards to keep the change.</Text>
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} gap="xs" justify="flex-end" mt="lg">
          <Button variant="default" size="md" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button color="red" size="md" loading={deleteImage.isPending} onClick={() => confirming && remove(confirming)}>
            Delete
          </Button>
        </Flex>
      </Modal>
    </div>
  );
}

interface PickButtonProps {
  icon: ReactNode;
  variant: 'light' | 'default';
  capture?: 'environment';
  multiple: boolean;
  disabled: boolean;
  /** Names the hidden file input, for assistive technology and tests. */
  inputLabel: string;
  onPick: (files: File[]) => void;
  children: string;
}

/** A button opening the file picker; the input is emptied after each pick so the same photo can be chosen again. */
function PickButton({ icon, variant, capture, multiple, disabled, inputLabel, onPick, children }: PickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture={capture}
        multiple={multiple}
        hidden
        tabIndex={-1}
        aria-label={inputLabel}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          if (files.length > 0) onPick(files);
        }}
      />
      <Button
        variant={variant}
        leftSection={icon}
        disabled={disabled}
        size="md"
        fullWidth
        className={classes.pick}
        onClick={() => input.current?.click()}
      >
        {children}
      </Button>
    </>
  );
}

function Thumbnail({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <Center className={classes.broken} role="img" aria-label={`${alt} (could not be loaded)`}>
        <IconPhotoOff size={28} stroke={1.5} />
      </Center>
    );
  }
  return <img className={classes.image} src={src} alt={alt} loading="lazy" onError={() => setBroken(true)} />;
}
