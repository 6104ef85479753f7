import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useT } from '../../lib/i18n/use-t';

/** Shown while something the page depends on loads; `fullScreen` when there is no shell yet. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const t = useT();
  return (
    <Center role="status" mih={fullScreen ? '100dvh' : 240}>
      <Loader />
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
    </Center>
  );
}
