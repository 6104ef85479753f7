import { Title } from '@mantine/core';
import { useT } from '../../lib/i18n/use-t';
import { usePageHeadingFocus } from './page-heading-focus';

/**
 * The page's heading, also the browser tab's title. After a move to another page it takes the
 * focus, so keyboard and screen-reader users start reading there (see page-heading-focus.tsx).
 */
export function PageTitle({ children }: { children: string }) {
  const t = useT();
  const ref = usePageHeadingFocus<HTMLHeadingElement>();
  return (
    <>
      <title>{t('common.documentTitle', { page: children })}</title>
      <Title ref={ref} order={1} size="h2" mb="md" tabIndex={-1} data-focus-target>
        {children}
      </Title>
    </>
  );
}
