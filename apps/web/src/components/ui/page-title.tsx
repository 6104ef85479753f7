import { Title } from '@mantine/core';

/** The page's heading, also used as the browser tab title. */
export function PageTitle({ children }: { children: string }) {
  return (
    <>
      <title>{`${children} · RescueDesk`}</title>
      <Title order={1} size="h2" mb="md">
        {children}
      </Title>
    </>
  );
}
