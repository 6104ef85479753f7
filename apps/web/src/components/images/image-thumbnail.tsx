import { useState } from 'react';
import { Center } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useT } from '../../lib/i18n/use-t';
import classes from './image-uploader.module.css';

/** A stored image's thumbnail; one that cannot be loaded shows a crossed-out photo instead of a broken image. */
export function ImageThumbnail({ src, alt }: { src: string; alt: string }) {
  const t = useT();
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <Center className={classes.broken} role="img" aria-label={t('images.notLoaded', { alt })}>
        <IconPhotoOff size={28} stroke={1.5} />
      </Center>
    );
  }
  return <img className={classes.image} src={src} alt={alt} loading="lazy" onError={() => setBroken(true)} />;
}
