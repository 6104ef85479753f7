import { Button, Flex, Image, Modal, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useT } from '../../lib/i18n/use-t';
import { DIALOG_CLOSE_BUTTON_PROPS, DIALOG_STYLES } from '../ui/confirm-dialog';

interface ImageViewerProps {
  /** The image shown full size; null keeps the viewer closed. */
  src: string | null;
  /** Names the image: the dialog's title, and the picture's alt text with ', full size'. */
  title: string;
  /** The form is view only: no deleting. */
  disabled?: boolean;
  onClose: () => void;
  /** Asks to delete the image shown (the uploader confirms first); without it, no Delete button (the case timeline). */
  onDelete?: () => void;
}

/** One stored image at full size, with Close and Delete image. */
export function ImageViewer({ src, title, disabled = false, onClose, onDelete }: ImageViewerProps) {
  const t = useT();
  return (
    <Modal opened={src !== null} onClose={onClose} title={title} size="xl" centered styles={DIALOG_STYLES} closeButtonProps={DIALOG_CLOSE_BUTTON_PROPS}>
      {src !== null ? (
        <Stack gap="md">
          <Image src={src} alt={t('images.fullSizeAlt', { title })} fit="contain" mah="70dvh" radius="sm" />
          <Flex direction={{ base: 'column-reverse', xs: 'row' }} gap="xs" justify="flex-end">
            <Button variant="default" size="md" onClick={onClose}>
              {t('common.close')}
            </Button>
            {onDelete ? (
              <Button color="red" variant="light" size="md" leftSection={<IconTrash size={18} />} disabled={disabled} onClick={onDelete}>
                {t('images.deleteImage')}
              </Button>
            ) : null}
          </Flex>
        </Stack>
      ) : null}
    </Modal>
  );
}
