import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Shown while something the page depends on loads; `fullScreen` when there is no shell yet. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center role="status" mih={fullScreen ? '100dvh' : 240}>
      <Loader />
      <VisuallyHidden>Loading…</VisuallyHidden>
    </Center>
  );
}
